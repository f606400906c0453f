// The pieces of the cluster drill: a local S3 server, a fresh PostgreSQL schema, built instances
// sharing them, and nginx running deploy/nginx.conf in front.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import { root, startBuiltServer } from './serve-built.mjs';

export const NGINX = '/usr/sbin/nginx';

/** A port nobody listens on now (the OS chooses). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** s3rver with one bucket; answers the S3_* variables of an instance using it. */
export async function startLocalS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const env = { S3_BUCKET: 'drill-images', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' };
  const client = new S3Client({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  client.destroy();
  return {
    env,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A schema of its own in the database DATABASE_URL names, dropped afterwards. */
export function freshSchema(databaseUrl) {
  const schema = `drill_cluster_${randomBytes(5).toString('hex')}`;
  return {
    schema,
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

/**
 * What a database restart or failover does to the site: ends every connection of the instances
 * using `schema` (named larkspur-<role>:<schema>), and only those. Answers how many it ended.
 */
export async function terminateBackends(databaseUrl, schema) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity WHERE application_name LIKE 'larkspur-%:' || $1",
      [schema],
    );
    return rows[0].ended;
  } finally {
    await client.end();
  }
}

/** One built instance on its own port and data folder, with the shared variables. */
export async function startInstance(port, env) {
  return startBuiltServer({ port, env: { ...env, PORT: String(port), LOG_LEVEL: 'error' } });
}

/**
 * nginx with deploy/nginx.conf as it ships, its listen port and upstream lines replaced, inside
 * a minimal main configuration whose files all live in a temporary prefix (never the system's).
 */
export async function startNginx(listenPort, instancePorts) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-nginx-'));
  // Worker processes run as nobody: they need to write their temporary files here.
  fs.chmodSync(prefix, 0o777);
  const shipped = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+ (.*);$/;
  const lines = shipped.split('\n').filter((line) => serverLine.test(line));
  const [, indent] = serverLine.exec(lines[0] ?? '') ?? [];
  if (!shipped.includes('listen 80;') || indent === undefined) throw new Error('deploy/nginx.conf no longer has the listen and server lines the drill replaces');
  // Each kind of line the shipped file has (the instances, then their backups), for every port.
  const kinds = [...new Set(lines.map((line) => serverLine.exec(line)[2]))];
  const servers = kinds.flatMap((kind) => instancePorts.map((port) => `${indent}server 127.0.0.1:${port} ${kind};\n`)).join('');
  const site = shipped
    .replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*;\n/gm, '')
    .replace(/upstream larkspur \{\n/, `upstream larkspur {\n${servers}`);
  fs.writeFileSync(path.join(prefix, 'larkspur.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => {
    fs.mkdirSync(path.join(prefix, name), { mode: 0o777 });
    fs.chmodSync(path.join(prefix, name), 0o777);
    return `  ${name}_temp_path ${path.join(prefix, name)};`;
  });
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'error.log')} error;`,
      'events { worker_connections 2048; }',
      'http {',
      // Each try's status, so that the drill sees which answers nginx retried on the other instance.
      "  log_format drill '$status $upstream_status';",
      `  access_log ${path.join(prefix, 'access.log')} drill buffer=64k flush=1s;`,
      ...temp,
      `  include ${path.join(prefix, 'larkspur.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-c', path.join(prefix, 'nginx.conf'), '-p', prefix, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const baseUrl = `http://127.0.0.1:${listenPort}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${prefix}/error.log`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 50) throw new Error('nginx did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    errorLog: () => fs.readFileSync(path.join(prefix, 'error.log'), 'utf8'),
    /** `status upstream-statuses` lines ("200 503, 200" was retried once); flushed within a second. */
    accessLog: () => fs.readFileSync(path.join(prefix, 'access.log'), 'utf8').split('\n').filter(Boolean),
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
