import 'dotenv/config';
import { ConfigError, loadConfig, type Config } from '../config';
import { HttpError } from '../http/errors';

/** Exit codes of the owner's tools. */
const EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130 } as const;

export class UsageError extends Error {}

/**
 * Runs one of the owner's tools: reads the configuration as the server does, and turns the
 * errors meant for people into a plain line on stderr and an exit code, never a stack trace.
 */
export function runTool(usage: string, tool: (config: Config, args: string[]) => Promise<void>): void {
  const run = async () => tool(loadConfig(), process.argv.slice(2));
  run().then(
    () => process.exit(EXIT.ok),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n\n${usage}`);
        process.exit(EXIT.usage);
      }
      if (error instanceof Error && error.name === 'ExitPromptError') {
        console.error('Cancelled: nothing was changed.');
        process.exit(EXIT.cancelled);
      }
      if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
      else if (error instanceof HttpError || error instanceof ToolError) console.error(error.message);
      else console.error(error);
      process.exit(EXIT.failed);
    },
  );
}

/** A failure the owner can act on, said in one sentence. */
export class ToolError extends Error {}
