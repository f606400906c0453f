import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

export interface LocalS3 {
  /** The S3_* variables of an instance storing its images in `bucket`, created on first use. */
  env(bucket: string): Promise<Record<string, string>>;
  /** A client of the server, for a test to look into its buckets (closed with it). */
  client: S3Client;
  close(): Promise<void>;
}

let reported = false;

/**
 * Whether the local S3-compatible server (the devDependency s3rver) is installed; decided while
 * jest collects tests. Suites skip with this reason printed when it is not.
 */
export function localS3Available(): boolean {
  try {
    require.resolve('s3rver');
    return true;
  } catch {
    if (!reported) {
      reported = true;
      console.info('S3 suites skipped: the devDependency s3rver is not installed (npm ci installs it).');
    }
    return false;
  }
}

/** s3rver on a free port of 127.0.0.1 with a directory of its own; it accepts these fixed credentials. */
export async function startLocalS3(): Promise<LocalS3> {
  const { default: S3rver } = await import('s3rver');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'local-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const variables = { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' };
  const client = new S3Client({ endpoint: variables.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  let closed: Promise<void> | undefined;
  return {
    client,
    async env(bucket) {
      await client.send(new CreateBucketCommand({ Bucket: bucket })).catch((error: { name?: string }) => {
        if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
      });
      return { ...variables, S3_BUCKET: bucket };
    },
    /** Stops the server (a test may stop it early to see the store away); once only. */
    close() {
      closed ??= (async () => {
        client.destroy();
        await server.close();
        fs.rmSync(directory, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}
