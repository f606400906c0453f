import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { SECRET_FILE as SIGNING_KEY_FILE } from '../auth/jwt-secret';
import { SECRETS_KEY_FILE } from '../auth/secrets-key';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { ensurePrivateDir } from '../db/private-files';
import { s3Client } from '../storage/s3-image-storage';
import type { Manifest } from './archive-format';
import { imageFilesOf } from './image-files';
import { writeArchive } from './write-archive';

export interface TakenBackup {
  /** The file's name, or the bucket's object key. */
  name: string;
  /** Where it is: a path on this machine, or s3://bucket/key. */
  location: string;
  size: number;
  manifest: Manifest;
}

export interface TakeOptions {
  /** A folder or a file name ending in .tar.gz; unset: BACKUP_S3_BUCKET or BACKUP_DIR. */
  destination?: string;
  withSigningKey?: boolean;
  progress?: (message: string) => void;
  now?: () => Date;
}

/** 2030-01-31T09-15-00Z: sortable, and valid as a file name everywhere. */
function backupName(at: Date): string {
  return `backup-${at.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.tar.gz`;
}

/** One backup of the site into its folder or bucket (the command line's and the schedule's). */
export async function takeBackup(config: Config, database: Database, options: TakeOptions = {}): Promise<TakenBackup> {
  const at = options.now?.() ?? new Date();
  const toBucket = !options.destination && config.backupBucket;
  const target = options.destination ? path.resolve(options.destination) : config.backupDir;
  const file = toBucket ? path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'larkspur-backup-')), backupName(at)) : target.endsWith('.tar.gz') ? target : path.join(target, backupName(at));
  ensurePrivateDir(path.dirname(file));
  if (fs.existsSync(file)) throw new Error(`${file} already exists.`);
  const images = imageFilesOf(config);
  try {
    const manifest = await writeArchive(file, {
      database,
      images,
      secrets: { secretsKey: config.secretsKey ?? readKey(config.dataDir, SECRETS_KEY_FILE), ...(options.withSigningKey ? { signingKey: config.jwtSecret ?? readKey(config.dataDir, SIGNING_KEY_FILE) } : {}) },
      progress: options.progress,
      now: () => at,
    });
    const { size } = await fsp.stat(file);
    if (!toBucket) return { name: path.basename(file), location: file, size, manifest };
    const client = s3Client(toBucket);
    try {
      await client.send(new PutObjectCommand({ Bucket: toBucket.bucket, Key: path.basename(file), Body: fs.createReadStream(file), ContentLength: size, ContentType: 'application/gzip' }));
    } finally {
      client.destroy();
    }
    return { name: path.basename(file), location: `s3://${toBucket.bucket}/${path.basename(file)}`, size, manifest };
  } finally {
    images.close();
    if (toBucket) await fsp.rm(path.dirname(file), { recursive: true, force: true });
  }
}

function readKey(dataDir: string, name: string): string | undefined {
  const file = path.join(dataDir, name);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '') : undefined;
}
