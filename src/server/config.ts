import path from 'node:path';

/** Everything the server reads from its environment, once, at start (decisions.md, Configuration). */
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
}

export class ConfigError extends Error {}

const DURATION = /^(\d+)\s*(s|m|h|d)?$/;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** "12h", "30m", "45s", "2d" or plain seconds. */
export function parseDuration(value: string, name: string): number {
  const match = DURATION.exec(value.trim());
  if (!match) throw new ConfigError(`${name} must be a duration such as 12h, 30m or 45s; got "${value}"`);
  const seconds = Number(match[1]) * UNIT_SECONDS[(match[2] ?? 's') as keyof typeof UNIT_SECONDS];
  if (seconds <= 0) throw new ConfigError(`${name} must be longer than zero`);
  return seconds;
}

function parseBoolean(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '') return false;
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false; got "${value}"`);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number; got "${value}"`);
  return port;
}

function parseUrl(value: string, name: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return url.href.replace(/\/+$/, '');
  } catch {
    throw new ConfigError(`${name} must be an http(s) address; got "${value}"`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const blank = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const dataDir = path.resolve(root, blank('DATA_DIR') ?? 'data');
  return {
    port: parsePort(blank('PORT')),
    host: blank('HOST') ?? '127.0.0.1',
    siteUrl: parseUrl(blank('SITE_URL') ?? 'http://localhost:3000', 'SITE_URL'),
    dataDir,
    databaseUrl: blank('DATABASE_URL'),
    databaseSchema: blank('DATABASE_SCHEMA'),
    jwtSecret: blank('JWT_SECRET'),
    tokenTtlSeconds: parseDuration(blank('TOKEN_TTL') ?? '12h', 'TOKEN_TTL'),
    smtpUrl: blank('SMTP_URL'),
    mailFrom: blank('MAIL_FROM') ?? 'Larkspur Web Studio <no-reply@larkspur.example>',
    allowRegistration: parseBoolean(blank('ALLOW_REGISTRATION'), 'ALLOW_REGISTRATION'),
    apiBaseUrl: blank('API_BASE_URL') ? parseUrl(blank('API_BASE_URL')!, 'API_BASE_URL') : '',
    corsOrigins: (blank('CORS_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => parseUrl(origin, 'CORS_ORIGINS')),
    redisUrl: blank('REDIS_URL'),
    trustProxy: parseBoolean(blank('TRUST_PROXY'), 'TRUST_PROXY'),
    clientDir: path.resolve(root, blank('CLIENT_DIR') ?? 'dist/client'),
    publicDir: path.resolve(root, 'public'),
    pageCacheSeconds: blank('PAGE_CACHE_SECONDS') === undefined ? 60 : Number(blank('PAGE_CACHE_SECONDS')),
    logLevel: blank('LOG_LEVEL') ?? 'info',
  };
}
