import path from 'node:path';
import { z } from 'zod';

/** Everything the server reads from its environment, once, at start. */
export interface Config {
  port: number;
  host: string;
  /** Public address without a trailing slash. */
  siteUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use instead of the connection's default (tests give each suite one). */
  databaseSchema: string | undefined;
  jwtSecret: string | undefined;
  /** Seals the authenticator apps' secrets; unset: DATA_DIR/secrets-key (auth/secrets-key.ts). */
  secretsKey: string | undefined;
  /** Lifetime of a sign-in token, in seconds. */
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  allowRegistration: boolean;
  /** Where the browser sends API calls; '' means the same origin. */
  apiBaseUrl: string;
  corsOrigins: string[];
  redisUrl: string | undefined;
  trustProxy: boolean;
  /** Folder of the built browser bundle (dist/client). */
  clientDir: string;
  /** Folder of static files served as they are (public/). */
  publicDir: string;
  /** Rendered public pages are kept this long; 0 turns the cache off (for measuring). */
  pageCacheSeconds: number;
  logLevel: string;
  /** Images in an S3-compatible bucket instead of DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Where browsers fetch post images (a CDN in front of the store); unset: this site's /uploads/. */
  uploadsPublicUrl: string | undefined;
  /** On SIGTERM, how long /healthz fails while requests are still served, before the instance stops accepting them. */
  drainSeconds: number;
  /** 'mailto': the form opens the visitor's mail app (the default); 'server': the server stores and mails messages. */
  contactDelivery: 'mailto' | 'server';
  /** Newsletter mails sent a second, across the instances (one sends at a time). */
  newsletterRate: number;
  /** Where backups are written: this folder (DATA_DIR/backups unless set), or the bucket when set. */
  backupDir: string;
  /** A bucket for npm run backup's archives instead of backupDir, reached with the S3_* settings of the images. */
  backupBucket: S3Config | undefined;
  /** Whether the running server takes a backup daily at 03:00 in the site's time zone (BACKUP_SCHEDULE). */
  backupSchedule: boolean;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS S3 itself; otherwise R2, B2, MinIO and the like. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
  .transform((value) => new URL(value).href.replace(/\/+$/, ''));

const serviceUrl = (...protocols: string[]) =>
  z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error: `must be a ${protocols.map((protocol) => `${protocol}://`).join(' or ')} address` });

const flag = z.stringbool({ truthy: ['true', '1', 'yes'], falsy: ['false', '0', 'no'], error: 'must be true or false' });

const wholeNumber = (error: string) => z.string().regex(/^\d+$/, { error }).transform(Number);

/** "12h", "30m", "45s", "2d" or plain seconds. */
const duration = z
  .string()
  .regex(/^\s*\d+\s*[smhd]?\s*$/, { error: 'must be a duration such as 12h, 30m or 45s' })
  .transform((value) => {
    const [, amount, unit] = /(\d+)\s*([smhd]?)/.exec(value)!;
    return Number(amount) * UNIT_SECONDS[(unit || 's') as keyof typeof UNIT_SECONDS];
  })
  .refine((seconds) => seconds > 0, { error: 'must be longer than zero' });

/** HMAC and HKDF keys: 256 bits at least, or a guessed one opens everything it guards. */
const secretKey = z.string().refine((value) => Buffer.byteLength(value, 'utf8') >= 32, {
  error: 'must be at least 32 bytes long (for example the output of: openssl rand -base64 32)',
});

/**
 * The variables of README's configuration table, with its defaults (given as the text one
 * would set, so they pass the same checks). An empty variable counts as unset.
 */
const environment = z.object({
  PORT: wholeNumber('must be a port number (0 to 65535)')
    .refine((port) => port <= 65535, { error: 'must be a port number (0 to 65535)' })
    .prefault('3000'),
  HOST: z.string().prefault('127.0.0.1'),
  SITE_URL: httpUrl.prefault('http://localhost:3000'),
  DATA_DIR: z.string().prefault('data'),
  DATABASE_URL: serviceUrl('postgres', 'postgresql').optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, { error: 'must be a schema name of lower-case letters, digits and _' })
    // PostgreSQL names are at most 63 bytes, and the change channel is larkspur_changes_<schema>.
    .max(46, { error: 'must be at most 46 characters' })
    .optional(),
  JWT_SECRET: secretKey.optional(),
  SECRETS_KEY: secretKey.optional(),
  TOKEN_TTL: duration.prefault('12h'),
  SMTP_URL: serviceUrl('smtp', 'smtps').optional(),
  MAIL_FROM: z.string().prefault('Larkspur Web Studio <no-reply@larkspur.example>'),
  ALLOW_REGISTRATION: flag.prefault('false'),
  API_BASE_URL: httpUrl.optional(),
  CORS_ORIGINS: z
    .string()
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(httpUrl))
    .prefault(''),
  REDIS_URL: serviceUrl('redis', 'rediss').optional(),
  TRUST_PROXY: flag.prefault('false'),
  CLIENT_DIR: z.string().prefault('dist/client'),
  PAGE_CACHE_SECONDS: wholeNumber('must be a whole number of seconds (0 turns the caches off)').prefault('60'),
  // Read by production-env.ts before this runs; checked here so that a typo does not slip by.
  NODE_ENV: z.enum(['production', 'development', 'test'], { error: 'must be production, development or test' }).optional(),
  CONTACT_DELIVERY: z.enum(['mailto', 'server'], { error: 'must be mailto or server' }).prefault('mailto'),
  DRAIN_SECONDS: wholeNumber('must be a whole number of seconds').refine((seconds) => seconds <= 600, { error: 'must be at most 600 seconds' }).prefault('5'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens' }).optional(),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().prefault('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.prefault('false'),
  UPLOADS_PUBLIC_URL: httpUrl.optional(),
  NEWSLETTER_RATE: wholeNumber('must be a whole number of mails a second, 1 to 1000')
    .refine((rate) => rate >= 1 && rate <= 1000, { error: 'must be a whole number of mails a second, 1 to 1000' })
    .prefault('10'),
  BACKUP_DIR: z.string().optional(),
  BACKUP_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens' }).optional(),
  BACKUP_SCHEDULE: z.enum(['on', 'off'], { error: 'must be on or off' }).prefault('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be fatal, error, warn, info, debug, trace or silent' }).prefault('info'),
});

/** Their values may carry passwords, so a message about them does not repeat them. */
const SECRET = new Set(['DATABASE_URL', 'JWT_SECRET', 'SECRETS_KEY', 'SMTP_URL', 'REDIS_URL', 'S3_SECRET_ACCESS_KEY']);

/** The configuration from the environment; a ConfigError naming every variable it cannot use. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environment.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(({ path: [name], message }) => {
      const variable = String(name);
      return SECRET.has(variable) ? `${variable} ${message}` : `${variable} ${message}; got "${set[variable]}"`;
    });
    throw new ConfigError([...new Set(problems)].join('; '));
  }
  const vars = parsed.data;
  if (!vars.S3_ACCESS_KEY_ID !== !vars.S3_SECRET_ACCESS_KEY) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK\'s own credentials');
  const dataDir = path.resolve(root, vars.DATA_DIR);
  const s3 = (bucket: string): S3Config => ({
    bucket,
    endpoint: vars.S3_ENDPOINT,
    region: vars.S3_REGION,
    credentials: vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE,
  });
  return {
    port: vars.PORT,
    host: vars.HOST,
    siteUrl: vars.SITE_URL,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    databaseSchema: vars.DATABASE_SCHEMA,
    jwtSecret: vars.JWT_SECRET,
    secretsKey: vars.SECRETS_KEY,
    tokenTtlSeconds: vars.TOKEN_TTL,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    allowRegistration: vars.ALLOW_REGISTRATION,
    apiBaseUrl: vars.API_BASE_URL ?? '',
    corsOrigins: vars.CORS_ORIGINS,
    redisUrl: vars.REDIS_URL,
    trustProxy: vars.TRUST_PROXY,
    clientDir: path.resolve(root, vars.CLIENT_DIR),
    publicDir: path.resolve(root, 'public'),
    pageCacheSeconds: vars.PAGE_CACHE_SECONDS,
    logLevel: vars.LOG_LEVEL,
    contactDelivery: vars.CONTACT_DELIVERY,
    s3: vars.S3_BUCKET ? s3(vars.S3_BUCKET) : undefined,
    uploadsPublicUrl: vars.UPLOADS_PUBLIC_URL,
    drainSeconds: vars.DRAIN_SECONDS,
    newsletterRate: vars.NEWSLETTER_RATE,
    backupDir: vars.BACKUP_DIR ? path.resolve(root, vars.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupBucket: vars.BACKUP_S3_BUCKET ? s3(vars.BACKUP_S3_BUCKET) : undefined,
    backupSchedule: vars.BACKUP_SCHEDULE === 'on',
  };
}
