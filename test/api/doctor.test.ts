import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { checkConfiguration, checkDisk } from '../../src/server/cli/doctor-checks';
import { runDoctor } from '../../src/server/cli/doctor';
import type { Config } from '../../src/server/config';
import { localS3Available, startLocalS3, type LocalS3 } from '../support/local-s3';
import { removeDataDir, testConfig } from '../support/test-config';
import { SmtpReceiver } from './smtp-receiver';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run admin -- doctor', () => {
  const configs: Config[] = [];
  let smtp: SmtpReceiver;
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    smtp = await new SmtpReceiver().start();
    if (localS3Available()) s3 = await startLocalS3();
  });
  afterAll(async () => {
    await smtp.stop();
    await s3?.close();
  });
  afterEach(() => configs.splice(0).forEach(removeDataDir));

  async function doctor(env: Record<string, string>, { withSite = true } = {}) {
    const config = testConfig(env);
    configs.push(config);
    if (withSite) await (await buildApp(config)).close();
    const lines: string[] = [];
    const code = await runDoctor(config, (line) => lines.push(line));
    const verdicts = Object.fromEntries(lines.map((line) => [line.slice(6, 19).trim(), line.slice(0, 4).trim()]));
    return { code, lines, verdicts };
  }

  it('passes a healthy site: one line each, ok or warn, exit 0; the mail check is a real SMTP handshake', async () => {
    const { code, lines, verdicts } = await doctor({ SMTP_URL: smtp.url, REDIS_URL: 'redis://127.0.0.1:6379', ...(s3 ? await s3.env('doctor-ok') : {}) });
    expect(lines).toHaveLength(8);
    expect(verdicts).toMatchObject({ configuration: 'ok', secrets: 'ok', database: 'ok', migrations: 'ok', mail: 'ok', redis: 'ok', ...(s3 ? { bucket: 'ok' } : {}) });
    expect(['ok', 'warn']).toContain(verdicts.disk);
    expect(code).toBe(0);
    expect(smtp.mails).toHaveLength(0);
  }, 60_000);

  it('fails on a missing database and its migrations, creating none', async () => {
    const { code, verdicts, lines } = await doctor({}, { withSite: false });
    expect(verdicts).toMatchObject({ database: 'fail', migrations: 'fail' });
    expect(lines.join('\n')).toContain('no site database');
    expect(code).toBe(1);
    expect(fs.existsSync(path.join(configs[0]!.dataDir, 'site.db'))).toBe(false);
  });

  it('fails on a mail server that does not answer', async () => {
    const { code, verdicts } = await doctor({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    expect([verdicts.mail, code]).toEqual(['fail', 1]);
  }, 30_000);

  it('fails on a Redis that does not answer', async () => {
    const { code, verdicts } = await doctor({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    expect([verdicts.redis, code]).toEqual(['fail', 1]);
  }, 30_000);

  it('fails on a bucket that is not there', async () => {
    if (!s3) return;
    const env = await s3.env('doctor-there');
    const { code, verdicts } = await doctor({ ...env, S3_BUCKET: 'doctor-not-there' }, { withSite: false });
    expect([verdicts.bucket, code]).toEqual(['fail', 1]);
  }, 30_000);

  it('fails on secrets that would stop the site or give backups the signing key', async () => {
    const key = 'x1y2z3w4'.repeat(5);
    const { code, verdicts, lines } = await doctor({ JWT_SECRET: key, SECRETS_KEY: key });
    expect([verdicts.secrets, code]).toEqual(['fail', 1]);
    expect(lines.join('\n')).toContain('JWT_SECRET equals the secrets key');
  });

  it('warns on a plain-http address in production, and fails on a full disk', async () => {
    const config = testConfig({ SITE_URL: 'http://agency.example' });
    configs.push(config);
    expect(checkConfiguration(config, { NODE_ENV: 'production' })).toMatchObject({ verdict: 'warn' });
    expect(checkConfiguration(config, { NODE_ENV: 'development' })).toMatchObject({ verdict: 'ok' });
    expect(await checkDisk('/tmp', async () => ({ bavail: 1000, bsize: 4096 }))).toMatchObject({ verdict: 'fail' });
    expect(await checkDisk('/tmp', async () => ({ bavail: 1024 * 1024, bsize: 1024 }))).toMatchObject({ verdict: 'warn' });
  });
});
