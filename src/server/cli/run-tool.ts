import 'dotenv/config';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import packageJson from '../../../package.json';
import { ArchiveError } from '../backup/read-archive';
import { TargetNotEmptyError } from '../backup/restore-archive';
import { ConfigError, loadConfig, type Config } from '../config';
import { HttpError } from '../http/errors';

/** Exit codes of the owner's tools (README.md#the-owners-tools). */
const EXIT = { ok: 0, failed: 1, usage: 2, refused: 3, badArchive: 4, cancelled: 130 } as const;

export class UsageError extends Error {}

/** A failure the owner can act on, said in one sentence. */
export class ToolError extends Error {}

/** The tool would have acted on a site that is not there, or replaced one that is: it did nothing. */
export class RefusedError extends Error {}

interface ToolArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface Tool {
  usage: string;
  /** node:util parseArgs' options, besides --help and --version. */
  options: NonNullable<ParseArgsConfig['options']>;
  /** Answers the exit code when it is not 0. */
  run(config: Config, args: ToolArgs): Promise<number | void>;
}

const COMMON = { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean', short: 'V' } } as const;

/**
 * Runs one of the owner's tools: parses its arguments (`--help` and `--version` for every one),
 * reads the configuration as the server does, and turns the errors meant for people into a
 * plain line on stderr and an exit code, never a stack trace.
 */
export function runTool(tool: Tool, argv = process.argv.slice(2)): void {
  const run = async (): Promise<number> => {
    let parsed: ToolArgs;
    try {
      parsed = parseArgs({ args: argv, options: { ...tool.options, ...COMMON }, allowPositionals: true, strict: true }) as ToolArgs;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (parsed.values.help || parsed.positionals[0] === 'help') {
      console.log(tool.usage);
      return EXIT.ok;
    }
    if (parsed.values.version) {
      console.log(packageJson.version);
      return EXIT.ok;
    }
    return (await tool.run(loadConfig(), parsed)) ?? EXIT.ok;
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n\n${tool.usage}`);
        process.exit(EXIT.usage);
      }
      if (error instanceof Error && error.name === 'ExitPromptError') {
        console.error('Cancelled: nothing was changed.');
        process.exit(EXIT.cancelled);
      }
      if (error instanceof RefusedError || error instanceof TargetNotEmptyError) {
        console.error(error.message);
        process.exit(EXIT.refused);
      }
      if (error instanceof ArchiveError) {
        console.error(`Refused: ${error.message} Nothing was changed.`);
        process.exit(EXIT.badArchive);
      }
      if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
      else if (error instanceof HttpError || error instanceof ToolError) console.error(error.message);
      else console.error(error);
      process.exit(EXIT.failed);
    },
  );
}

/** One line naming what a run acts on, so that a tool run with the wrong environment shows it at once. */
export function describeSite(config: Config): string {
  const database = config.databaseUrl ? `PostgreSQL ${postgresName(config.databaseUrl)}${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}` : `SQLite ${config.dataDir}/site.db`;
  const images = config.s3 ? `the bucket ${config.s3.bucket}` : `${config.dataDir}/uploads`;
  return `Site: database ${database}; data folder ${config.dataDir}; images in ${images}`;
}

/** user@host:port/database, never the password. */
function postgresName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}${parsed.pathname}`;
}
