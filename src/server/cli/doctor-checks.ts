import fs from 'node:fs';
import path from 'node:path';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import { SECRET_FILE as SIGNING_KEY_FILE } from '../auth/jwt-secret';
import { SECRETS_KEY_FILE } from '../auth/secrets-key';
import { databaseExists } from '../backup/restore-target';
import type { Config } from '../config';
import { isMigrated, openDatabase } from '../db/database';
import { s3Client } from '../storage/s3-image-storage';

type Verdict = 'ok' | 'warn' | 'fail';
export interface CheckResult {
  name: string;
  verdict: Verdict;
  detail: string;
}

/** A service that does not answer within this fails its check rather than holding the doctor up. */
const TIMEOUT_MS = 5_000;
const GB = 1024 ** 3;

const result = (name: string, verdict: Verdict, detail: string): CheckResult => ({ name, verdict, detail });

export function checkConfiguration(config: Config, env: NodeJS.ProcessEnv = process.env): CheckResult {
  if (env.NODE_ENV === 'production' && !config.siteUrl.startsWith('https:')) return result('configuration', 'warn', `SITE_URL is ${config.siteUrl}: a public site is served over https`);
  return result('configuration', 'ok', `read (SITE_URL ${config.siteUrl})`);
}

export function checkSecrets(config: Config): CheckResult {
  const keyFile = path.join(config.dataDir, SECRETS_KEY_FILE);
  const secretsKey = config.secretsKey ?? (fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').replace(/\r?\n$/, '') : undefined);
  if (config.databaseUrl && !secretsKey) return result('secrets', 'fail', 'DATABASE_URL is set without SECRETS_KEY or DATA_DIR/secrets-key: the site will not start');
  if (config.jwtSecret && secretsKey === config.jwtSecret) return result('secrets', 'fail', 'JWT_SECRET equals the secrets key, which backups carry: change JWT_SECRET');
  // The configuration has refused keys under 32 bytes already; a repeated character is not a key.
  for (const [name, value] of [['JWT_SECRET', config.jwtSecret], ['SECRETS_KEY', config.secretsKey]] as const) {
    if (value && new Set(value).size < 8) return result('secrets', 'warn', `${name} has fewer than 8 different characters: make one with openssl rand -base64 32`);
  }
  const signing = config.jwtSecret ? 'JWT_SECRET' : fs.existsSync(path.join(config.dataDir, SIGNING_KEY_FILE)) ? 'generated, in DATA_DIR' : 'generated at first start';
  return result('secrets', 'ok', `signing key ${signing}; secrets key ${config.secretsKey ? 'SECRETS_KEY' : secretsKey ? 'in DATA_DIR' : 'made at first start'}`);
}

/** The database and its migrations, looked at without creating or migrating anything. */
export async function checkDatabase(config: Config): Promise<CheckResult[]> {
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.dataDir}/site.db`;
  let exists: boolean;
  try {
    exists = await databaseExists(config);
  } catch (error) {
    return [result('database', 'fail', `${where} does not answer: ${(error as Error).message}`), result('migrations', 'fail', 'unknown: no database')];
  }
  if (!exists) return [result('database', 'fail', `no site database at ${where}`), result('migrations', 'fail', 'none run')];
  // Opening migrates; the site's own start would do the same, and a doctor run before it is harmless.
  const database = await openDatabase(config);
  try {
    const migrated = await isMigrated(database);
    return [result('database', 'ok', `${where} answers`), result('migrations', migrated ? 'ok' : 'fail', migrated ? 'all done' : 'some not run')];
  } catch (error) {
    return [result('database', 'ok', `${where} answers`), result('migrations', 'fail', (error as Error).message)];
  } finally {
    await database.close();
  }
}

/** A real SMTP handshake (EHLO, STARTTLS and AUTH as configured), without sending anything. */
export async function checkMail(config: Config): Promise<CheckResult> {
  if (!config.smtpUrl) return result('mail', 'warn', 'SMTP_URL unset: mails are written to DATA_DIR/outbox, not sent');
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return result('mail', 'ok', `the SMTP server at ${new URL(config.smtpUrl).host} accepts us`);
  } catch (error) {
    return result('mail', 'fail', `the SMTP server at ${new URL(config.smtpUrl).host} refused or did not answer: ${(error as Error).message}`);
  } finally {
    transport.close();
  }
}

export async function checkBucket(config: Config): Promise<CheckResult> {
  if (!config.s3) return result('bucket', 'ok', `images in ${config.dataDir}/uploads`);
  const client = s3Client(config.s3);
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.s3.bucket }), { abortSignal: AbortSignal.timeout(TIMEOUT_MS) });
    return result('bucket', 'ok', `${config.s3.bucket} answers`);
  } catch (error) {
    return result('bucket', 'fail', `${config.s3.bucket}: ${(error as Error).name || (error as Error).message}`);
  } finally {
    client.destroy();
  }
}

export async function checkRedis(config: Config): Promise<CheckResult> {
  if (!config.redisUrl) return result('redis', config.databaseUrl ? 'warn' : 'ok', 'REDIS_URL unset: limits kept in memory, per instance');
  const redis = new Redis(config.redisUrl, { lazyConnect: true, connectTimeout: TIMEOUT_MS, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return result('redis', 'ok', 'answers');
  } catch (error) {
    return result('redis', 'fail', `does not answer: ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

/** Free space where the data folder is: images, SQLite and backups all land there. */
export async function checkDisk(dataDir: string, statfs: (dir: string) => Promise<{ bavail: number; bsize: number }> = (dir) => fs.promises.statfs(dir)): Promise<CheckResult> {
  let dir = dataDir;
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const { bavail, bsize } = await statfs(dir);
  const free = bavail * bsize;
  const said = `${(free / GB).toFixed(1)} GB free at ${dir}`;
  if (free < 0.2 * GB) return result('disk', 'fail', said);
  if (free < 2 * GB) return result('disk', 'warn', said);
  return result('disk', 'ok', said);
}
