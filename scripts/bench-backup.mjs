// npm run bench:backup: the time and peak memory of `npm run backup` on a SQLite site of 10,000
// posts (about 2 kB of markdown each) and 2,000 image files (20 to 60 kB of random bytes each,
// as incompressible as WebP), then of restoring that archive into an empty data folder.
// BENCH_POSTS and BENCH_IMAGES change the sizes.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { insertPosts, seededRandom } from './lib/bulk-posts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 2_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
const source = path.join(work, 'source');
const target = path.join(work, 'target');
const env = (dataDir) => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_SCHEMA: '', S3_BUCKET: '', LOG_LEVEL: 'silent' });

function run(entry, args, dataDir, input = '') {
  // /usr/bin/time's %M: the process's peak resident memory, in kB.
  const result = spawnSync('/usr/bin/time', ['-f', 'BENCH %e %M', process.execPath, path.join(root, 'dist/server', `${entry}.js`), ...args], { cwd: root, env: env(dataDir), input, encoding: 'utf8' });
  const measured = /BENCH ([\d.]+) (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !measured) throw new Error(`${entry} failed (${result.status}):\n${result.stderr}`);
  return { seconds: Number(measured[1]), peakMb: Number(measured[2]) / 1024, stdout: result.stdout };
}

try {
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--entry=cli-admin', '--version'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(1);
  run('cli-admin', ['create', 'bench@agency.test', '--init'], source, 'a long bench passphrase here');

  const random = seededRandom();
  const paragraph = 'Small agencies ship sites that owners can run themselves. '.repeat(6);
  const start = Date.parse('2020-01-01T00:00:00Z');
  const rows = Array.from({ length: POSTS }, (_, n) => {
    const at = new Date(start + n * 3_600_000).toISOString();
    return { id: randomUUID(), title: `Post ${n}`, content: `# Post ${n}\n\n${paragraph}\n\n${paragraph}\n\n${paragraph}\n\n${paragraph}`, slug: `post-${n}`, publishedAt: at, createdAt: at, tags: random() < 0.5 ? ['Backups'] : ['Hosting', 'Notes'] };
  });
  await insertPosts({ dataDir: source }, rows);
  const uploads = path.join(source, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  let imageBytes = 0;
  for (let n = 0; n < IMAGES; n++) {
    const data = randomBytes(20_000 + Math.floor(random() * 40_000));
    imageBytes += data.length;
    fs.writeFileSync(path.join(uploads, `${randomBytes(16).toString('hex')}.webp`), data);
  }
  console.log(`Site: ${POSTS} posts, ${IMAGES} image files (${(imageBytes / 1024 / 1024).toFixed(0)} MB), ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}`);

  const backup = run('cli-backup', [path.join(work, 'archives')], source);
  const file = /Backup written to (\S+)/.exec(backup.stdout)[1];
  console.log(`backup:  ${backup.seconds.toFixed(1)} s, peak memory ${backup.peakMb.toFixed(0)} MB, archive ${(fs.statSync(file).size / 1024 / 1024).toFixed(0)} MB`);
  const restore = run('cli-restore', [file], target);
  console.log(`restore: ${restore.seconds.toFixed(1)} s, peak memory ${restore.peakMb.toFixed(0)} MB`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
