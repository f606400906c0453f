import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { onceAtATime } from '../db/advisory-lock';
import type { Database } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { PollingWorker } from '../jobs/polling-worker';
import { backupFailedMail } from './backup-failed-mail';
import { backupDay, nextBackupAt } from './backup-time';
import { finishRun, hasRun, holdingLease, settleInterruptedRuns, startRun } from './backup-runs';
import { archiveStore, pruneArchives } from './kept-archives';

/** Look again at least this often: the site's time zone changed, the clock moved. */
const POLL_MS = 5 * 60_000;

interface ScheduleDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  now: () => Date;
  timeZone: () => Promise<string>;
  /** The site's name and address from its live Settings: the failure mail's subject and recipient. */
  owner: () => Promise<{ name: string; email: string }>;
  log: FastifyBaseLogger;
}

/**
 * The daily backup at 03:00 in the site's zone (docs/product.md#backups-and-the-owners-tools). Each local day's run
 * has a row in `backup_runs` whose day is unique: the first instance past 03:00 adds it (under
 * a PostgreSQL advisory lock, so two instances never write archives at once) and takes the
 * backup; any other, waking then or later that day, finds the row and does nothing. A missed
 * 03:00 (the site was down) is made up when the site next runs that day. The run holds a lease
 * it renews while it works, so that a process killed mid-backup does not leave the day taken for
 * good: the next pass of any instance past the lease settles the run as interrupted and takes the
 * day again. After a good backup the folder or bucket is pruned; a failed one mails the owner.
 */
export class BackupSchedule extends PollingWorker {
  constructor(private readonly deps: ScheduleDeps) {
    super();
  }

  protected async pass(): Promise<void> {
    const { now, log } = this.deps;
    let next = new Date(now().getTime() + POLL_MS);
    try {
      const zone = await this.deps.timeZone();
      const day = backupDay(now(), zone);
      // A run whose process died mid-backup (its lease ran out) is settled as failed here, and
      // gives its day back to be taken below.
      const freed = await settleInterruptedRuns(this.deps.database.db, now());
      if (freed.length > 0) log.warn({ days: freed }, 'a backup stopped before it finished; its day is taken again');
      if (day && !(await hasRun(this.deps.database.db, day))) {
        await onceAtATime(this.deps.database, 'backup-schedule', () => this.run(day, zone));
      }
      next = nextBackupAt(now(), zone);
    } catch (error) {
      log.error({ err: error }, 'backup schedule pass failed; trying again later');
    }
    this.wakeAt(next, now(), POLL_MS);
  }

  private async run(day: string, zone: string): Promise<void> {
    const { config, database, now, log } = this.deps;
    const id = await startRun(database.db, 'schedule', now(), day);
    // Another instance took the day while this one waited or looked.
    if (!id) return;
    log.info({ day }, 'scheduled backup starting');
    try {
      // Loaded when a backup is due: it brings the S3 client, which a site without a bucket never loads.
      const { takeBackup } = await import('./take-backup');
      const taken = await holdingLease(database.db, id, now, () => takeBackup(config, database, { now }));
      await finishRun(database.db, id, now(), { name: taken.name, size: taken.size });
      log.info({ day, name: taken.name, size: taken.size }, 'scheduled backup written');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await finishRun(database.db, id, now(), { error: reason });
      log.error({ err: error, day }, 'scheduled backup failed');
      await this.mailFailure(day, reason);
      return;
    }
    const store = await archiveStore(config);
    try {
      const removed = await pruneArchives(store, zone);
      if (removed.length > 0) log.info({ removed }, 'older backups removed');
    } catch (error) {
      log.warn({ err: error }, 'older backups could not be removed');
    } finally {
      store.close();
    }
  }

  private async mailFailure(day: string, reason: string): Promise<void> {
    try {
      const owner = await this.deps.owner();
      await this.deps.mailer.send(backupFailedMail(owner.email, owner.name, day, reason, this.deps.config.siteUrl));
    } catch (error) {
      this.deps.log.error({ err: error, day }, 'the mail about a failed backup could not be sent');
    }
  }
}
