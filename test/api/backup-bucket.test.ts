import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { BucketArchives } from '../../src/server/backup/bucket-archives';
import { engines } from '../support/engines';
import { localS3Available, startLocalS3, type LocalS3 } from '../support/local-s3';
import { startSite, type TestSite } from './accounts-helpers';
import { ownerHeaders } from './contact-helpers';
import { setClock } from './leads-helpers';

const ZONE = 'America/New_York';
jest.setTimeout(120_000);

const suites = localS3Available() ? engines() : [];

describe.each(suites)('the daily backup into an S3 bucket on $name', ({ env }) => {
  let s3: LocalS3;
  let site: TestSite;
  let client: S3Client;
  let bucket: string;
  let owner: Record<string, string>;

  beforeAll(async () => {
    s3 = await startLocalS3();
    bucket = `backups-${randomBytes(4).toString('hex')}`;
    const { S3_BUCKET: _images, ...variables } = await s3.env(bucket);
    // The images stay in the data folder; only the backups go to the bucket.
    site = await startSite(env, { ...variables, BACKUP_S3_BUCKET: bucket });
    site.app.backups.timeZone = async () => ZONE;
    owner = await ownerHeaders(site.app);
    client = s3.client;
  });
  afterAll(async () => {
    await site?.close();
    await s3?.close();
  });

  const inBucket = async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key!).sort();
  const objectBytes = async (key: string) => Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray());

  it('writes each day’s archive into the bucket, keeps 7 days and 4 weeks there, and lists and serves them from it', async () => {
    // Something else in the bucket: never listed, served or pruned.
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'backup-notes.txt', Body: 'the owner’s own file' }));
    for (let day = 1; day <= 10; day++) {
      const utcHour = day >= 8 ? '07' : '08';
      setClock(site.app, `2026-03-${String(day).padStart(2, '0')}T${utcHour}:00:00.000Z`);
      await site.app.backups.schedule.poke();
    }
    const kept = ['2026-03-01T08', '2026-03-04T08', '2026-03-05T08', '2026-03-06T08', '2026-03-07T08', '2026-03-08T07', '2026-03-09T07', '2026-03-10T07'].map((hour) => `backup-${hour}-00-00Z.tar.gz`);
    expect(await inBucket()).toEqual([...kept, 'backup-notes.txt'].sort());
    // Nothing written to the folder.
    expect(fs.existsSync(site.config.backupDir) ? fs.readdirSync(site.config.backupDir) : []).toEqual([]);
    const runs = await site.app.database.db.selectFrom('backup_runs').selectAll().orderBy('started_at').execute();
    expect(runs.map((run) => [run.day, run.state])).toEqual(Array.from({ length: 10 }, (_, i) => [`2026-03-${String(i + 1).padStart(2, '0')}`, 'ok']));

    const listing = await site.app.inject({ method: 'GET', url: '/api/backups', headers: owner });
    expect(listing.statusCode).toBe(200);
    const overview = listing.json<{ where: string; last: { state: string; name: string }; archives: { name: string; size: number; createdAt: string }[] }>();
    expect(overview.where).toBe(`the bucket ${bucket}`);
    expect(overview.last).toMatchObject({ state: 'ok', name: 'backup-2026-03-10T07-00-00Z.tar.gz' });
    expect(overview.archives.map((archive) => archive.name)).toEqual([...kept].reverse());
    expect(overview.archives[0]).toMatchObject({ createdAt: '2026-03-10T07:00:00.000Z' });

    const newest = overview.archives[0]!;
    const stored = await objectBytes(newest.name);
    expect(newest.size).toBe(stored.length);
    const download = await site.app.inject({ method: 'GET', url: `/api/backups/${newest.name}`, headers: owner });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${newest.name}"`);
    expect(Number(download.headers['content-length'])).toBe(stored.length);
    expect(download.rawPayload).toEqual(stored);
    // gzip, as the folder's archives are.
    expect([...download.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    for (const [name, status] of [['backup-2026-03-02T08-00-00Z.tar.gz', 404], ['backup-notes.txt', 400]] as const) {
      const refused = await site.app.inject({ method: 'GET', url: `/api/backups/${name}`, headers: owner });
      expect([name, refused.statusCode, refused.json()]).toEqual([name, status, expect.objectContaining({ message: expect.any(String) })]);
    }
    expect((await site.app.inject({ method: 'GET', url: `/api/backups/${newest.name}` })).statusCode).toBe(401);

    // A bucket that answers with a refusal (here: it does not exist) needs the settings changed, and says so.
    const missing = new BucketArchives({ ...site.config.backupBucket!, bucket: `missing-${bucket}` });
    try {
      await expect(missing.list()).rejects.toMatchObject({ statusCode: 502, message: expect.stringMatching(/^The backups’ bucket refused the request \(NoSuchBucket\); check the BACKUP_S3_BUCKET/) });
    } finally {
      missing.close();
    }
  });

  it('answers 503 with a message while the bucket cannot be reached', async () => {
    await s3.close();
    for (const url of ['/api/backups', '/api/backups/backup-2026-03-10T07-00-00Z.tar.gz']) {
      const answer = await site.app.inject({ method: 'GET', url, headers: owner });
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 503, { message: 'The backups’ bucket cannot be reached right now. Please try again in a moment.' }]);
      expect(answer.headers['retry-after']).toBe('5');
    }
  });
});
