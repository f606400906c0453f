import { buildApp } from '../app';
import { removeDataDir, testConfig } from '../../../test/support/test-config';

// Loading the S3 client fails this suite: a site without a bucket must never load it.
jest.mock('@aws-sdk/client-s3', () => {
  throw new Error('the S3 client was loaded');
});

it('keeps images in the data folder without loading the S3 client when no bucket is configured', async () => {
  const config = testConfig();
  const app = await buildApp(config);
  try {
    await app.ready();
    expect(app.images.url('0123456789abcdef0123456789abcdef')).toMatch(/^\/uploads\//);
  } finally {
    await app.close();
    removeDataDir(config);
  }
});

it('loads it when a bucket is configured', async () => {
  const config = testConfig({ S3_BUCKET: 'images', S3_ENDPOINT: 'http://127.0.0.1:1', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
  await expect(buildApp(config)).rejects.toThrow('the S3 client was loaded');
  removeDataDir(config);
});
