import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { finishRun, holdingLease, settleInterruptedRuns, startRun } from '../../src/server/backup/backup-runs';
import { siteDefaults } from '../../src/shared/site-content/defaults';
import { engines } from '../support/engines';
import { testConfig } from '../support/test-config';
import { startSite, type TestSite } from './accounts-helpers';
import { ownerHeaders } from './contact-helpers';
import { setClock } from './leads-helpers';
import { SmtpReceiver } from './smtp-receiver';

const ZONE = 'America/New_York';
// Eleven backups, two instances; PostgreSQL builds each site's schema anew.
jest.setTimeout(120_000);

describe.each(engines())('the daily backup on $name', ({ env }) => {
  let site: TestSite;
  let other: FastifyInstance;
  let smtp: SmtpReceiver;
  let owner: Record<string, string>;

  const at = (iso: string) => {
    for (const app of [site.app, other]) setClock(app, iso);
  };
  const bothPoke = () => Promise.all([site.app.backups.schedule.poke(), other.backups.schedule.poke()]);
  const archives = () => (fs.existsSync(site.config.backupDir) ? fs.readdirSync(site.config.backupDir).filter((name) => name.endsWith('.tar.gz')).sort() : []);
  const runs = () => site.app.database.db.selectFrom('backup_runs').selectAll().orderBy('started_at').execute();
  const overview = async () => {
    const response = await site.app.inject({ method: 'GET', url: '/api/backups', headers: owner });
    expect(response.statusCode).toBe(200);
    return response.json<{ schedule: boolean; where: string; last: { state: string; name: string | null; error: string | null } | null; archives: { name: string; size: number }[] }>();
  };

  async function start(extra: Record<string, string> = {}) {
    smtp = await new SmtpReceiver().start();
    site = await startSite(env, { SMTP_URL: smtp.url, ...extra });
    // A second instance on the same database (and, on SQLite, the same file) and the same folder.
    other = await buildApp(testConfig({ ...env, DATA_DIR: site.config.dataDir, ...(site.config.databaseSchema ? { DATABASE_SCHEMA: site.config.databaseSchema } : {}), SMTP_URL: smtp.url, ...extra }));
    for (const app of [site.app, other]) app.backups.timeZone = async () => ZONE;
    await other.ready();
    owner = await ownerHeaders(site.app);
  }
  afterEach(async () => {
    await other.close();
    await site.close();
    await smtp.stop();
  });

  it('takes one backup a day at 03:00 local whatever the number of instances, keeps 7 days and 4 weeks, and lists and serves them to the owner', async () => {
    await start();
    // BACKUP_SCHEDULE=off (the tests' default): ready started nothing.
    expect(archives()).toEqual([]);
    // Sunday 2026-03-01, 02:59 EST: not yet.
    at('2026-03-01T07:59:00.000Z');
    await bothPoke();
    expect(archives()).toEqual([]);
    at('2026-03-01T08:00:00.000Z');
    await bothPoke();
    expect(archives()).toEqual(['backup-2026-03-01T08-00-00Z.tar.gz']);
    // The other instance wakes later that day: the day's row is there, it does nothing.
    at('2026-03-01T15:00:00.000Z');
    await bothPoke();
    expect(archives()).toHaveLength(1);
    expect(await runs()).toMatchObject([{ trigger: 'schedule', day: '2026-03-01', state: 'ok', name: 'backup-2026-03-01T08-00-00Z.tar.gz' }]);

    // Nine more days; clocks go forward on 03-08, so 03:00 EDT is 07:00 UTC from then on.
    for (let day = 2; day <= 10; day++) {
      const utcHour = day >= 8 ? '07' : '08';
      at(`2026-03-${String(day).padStart(2, '0')}T${utcHour}:00:00.000Z`);
      await bothPoke();
    }
    expect((await runs()).filter((run) => run.state === 'ok')).toHaveLength(10);
    // The last 7 days (03-04 to 03-10), and the newest of the weeks before: Sunday 03-01 ends ISO week 9.
    expect(archives()).toEqual(
      ['2026-03-01T08', '2026-03-04T08', '2026-03-05T08', '2026-03-06T08', '2026-03-07T08', '2026-03-08T07', '2026-03-09T07', '2026-03-10T07'].map((hour) => `backup-${hour}-00-00Z.tar.gz`),
    );

    const listed = await overview();
    expect(listed.schedule).toBe(false);
    expect(listed.last).toMatchObject({ state: 'ok', name: 'backup-2026-03-10T07-00-00Z.tar.gz', error: null });
    expect(listed.archives.map((archive) => archive.name)).toEqual([...archives()].reverse());

    const newest = listed.archives[0]!;
    const download = await site.app.inject({ method: 'GET', url: `/api/backups/${newest.name}`, headers: owner });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${newest.name}"`);
    expect(download.rawPayload).toEqual(fs.readFileSync(path.join(site.config.backupDir, newest.name)));

    // Owner only; a name of the list only, never a path.
    expect((await site.app.inject({ method: 'GET', url: '/api/backups' })).statusCode).toBe(401);
    expect((await site.app.inject({ method: 'GET', url: `/api/backups/${newest.name}` })).statusCode).toBe(401);
    fs.writeFileSync(path.join(site.config.dataDir, 'secret.tar.gz'), 'not for download');
    for (const name of ['..%2Fsecret.tar.gz', '..%2F..%2Fetc%2Fpasswd', 'site.db', `${newest.name}%00`]) {
      const refused = await site.app.inject({ method: 'GET', url: `/api/backups/${name}`, headers: owner });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty('message');
    }
    const pruned = await site.app.inject({ method: 'GET', url: '/api/backups/backup-2026-03-02T08-00-00Z.tar.gz', headers: owner });
    expect(pruned.statusCode).toBe(404);
    expect(pruned.json()).toEqual({ message: 'No such backup.' });
  });

  it('takes the day again when the instance taking it died mid-backup, and shows the run as interrupted meanwhile', async () => {
    await start();
    const db = site.app.database.db;
    at('2026-03-01T08:00:00.000Z');
    // An instance took the day and was killed before it finished: its row says running, and nothing renews its lease.
    const dead = await startRun(db, 'schedule', new Date('2026-03-01T08:00:00.000Z'), '2026-03-01');
    await bothPoke();
    expect(archives()).toEqual([]);
    expect((await overview()).last).toMatchObject({ state: 'running' });
    // Within its two-minute lease it might still be at work: left alone.
    at('2026-03-01T08:01:59.000Z');
    await bothPoke();
    expect(archives()).toEqual([]);
    // Past it: the page says so before any pass has looked.
    at('2026-03-01T08:02:01.000Z');
    expect((await overview()).last).toMatchObject({ state: 'interrupted' });
    await bothPoke();
    expect(archives()).toEqual(['backup-2026-03-01T08-02-01Z.tar.gz']);
    const [settled, retaken, ...more] = await runs();
    expect(more).toEqual([]);
    expect(settled).toMatchObject({ id: dead, trigger: 'schedule', day: null, state: 'failed', finished_at: '2026-03-01T08:02:01.000Z', claimed_until: null });
    expect(settled!.error).toBe('Interrupted: the process taking this backup stopped before it finished (last heard from at 2026-03-01T08:00:00.000Z). The schedule takes the day’s backup again if that day is not over.');
    expect(retaken).toMatchObject({ trigger: 'schedule', day: '2026-03-01', state: 'ok', name: 'backup-2026-03-01T08-02-01Z.tar.gz', claimed_until: null });
    expect((await overview()).last).toMatchObject({ state: 'ok', name: 'backup-2026-03-01T08-02-01Z.tar.gz' });
    // Once: the day is done now.
    at('2026-03-01T12:00:00.000Z');
    await bothPoke();
    expect(await runs()).toHaveLength(2);
  });

  it('renews the lease of a run at work; a run settled as interrupted keeps that record if it ends after all', async () => {
    await start();
    const db = site.app.database.db;
    let clock = Date.parse('2026-03-02T08:00:00.000Z');
    const id = (await startRun(db, 'command', new Date(clock)))!;
    const row = () => db.selectFrom('backup_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect((await row()).claimed_until).toBe('2026-03-02T08:02:00.000Z');
    const answer = await holdingLease(
      db,
      id,
      () => new Date(clock),
      async () => {
        // Ten minutes of work: the lease follows the clock.
        clock += 10 * 60_000;
        for (let waited = 0; (await row()).claimed_until !== '2026-03-02T08:12:00.000Z'; waited += 20) {
          if (waited > 5000) throw new Error(`lease not renewed: ${(await row()).claimed_until}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 'done';
      },
      10,
    );
    expect(answer).toBe('done');
    expect(await settleInterruptedRuns(db, new Date('2026-03-02T08:11:59.000Z'))).toEqual([]);
    expect((await row()).state).toBe('running');
    // Hung past its lease: settled by a pass (a command's run gives back no day), and its late end changes nothing.
    expect(await settleInterruptedRuns(db, new Date('2026-03-02T08:12:01.000Z'))).toEqual([]);
    await finishRun(db, id, new Date('2026-03-02T08:13:00.000Z'), { name: 'backup-2026-03-02T08-00-00Z.tar.gz', size: 10 });
    expect(await row()).toMatchObject({ state: 'failed', name: null, error: 'Interrupted: the process taking this backup stopped before it finished (last heard from at 2026-03-02T08:10:00.000Z).' });
  });

  it('records a failed backup and mails the owner', async () => {
    // A BACKUP_DIR that cannot be made: its parent is a file.
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'backup-blocked-')), 'file');
    fs.writeFileSync(blocker, 'x');
    await start({ BACKUP_DIR: path.join(blocker, 'backups') });
    at('2026-03-01T08:00:00.000Z');
    await bothPoke();
    const mail = await smtp.mail(1);
    const failed = await runs();
    expect(failed).toMatchObject([{ trigger: 'schedule', day: '2026-03-01', state: 'failed' }]);
    expect(failed[0]!.error).toMatch(/ENOTDIR|not a directory/);
    expect(mail.to).toEqual([siteDefaults.settings.email]);
    expect(mail.decoded).toContain(`Subject: Backup failed: ${siteDefaults.settings.name}, 2026-03-01`);
    expect(mail.decoded).toContain('https://agency.test/admin/backups');
    expect((await overview()).last).toMatchObject({ state: 'failed' });
    // Once: the day is taken, failed or not; tomorrow tries again.
    at('2026-03-01T12:00:00.000Z');
    await bothPoke();
    expect(await runs()).toHaveLength(1);
    fs.rmSync(path.dirname(blocker), { recursive: true, force: true });
  });
});
