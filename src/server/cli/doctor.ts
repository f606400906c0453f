import type { Config } from '../config';
import { checkBucket, checkConfiguration, checkDatabase, checkDisk, checkMail, checkRedis, checkSecrets, type CheckResult } from './doctor-checks';

/** `npm run admin -- doctor`: one line per check; exit 1 when any fails. */
export async function runDoctor(config: Config, write: (line: string) => void = console.log): Promise<number> {
  const results: CheckResult[] = [
    checkConfiguration(config),
    checkSecrets(config),
    ...(await checkDatabase(config)),
    await checkMail(config),
    await checkBucket(config),
    await checkRedis(config),
    await checkDisk(config.dataDir),
  ];
  for (const { name, verdict, detail } of results) write(`${verdict.padEnd(4)}  ${name.padEnd(13)} ${detail}`);
  return results.some((check) => check.verdict === 'fail') ? 1 : 0;
}
