/**
 * Flags of `npm run simulator`: parsed and validated here, so the CLI itself only starts the
 * server. A bad flag gives a message quoting the value; the CLI exits 2 with it.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_CONTEXT_LIMIT_TOKENS } from './server';
import { DEFAULT_DAILY_LIMIT, DEFAULT_KEYS, DEFAULT_RPM, type KeyConfig } from './keys';

export interface CliSettings {
  help: boolean;
  port: number;
  /** `--rpm`, applied to every default key. */
  rpm: number;
  /** `--daily-limit`, applied to every default key. */
  dailyLimit: number;
  contextLimitTokens: number;
  /** `--gullible`: obey text in the code that speaks to the reviewer (gullible.ts). */
  gullible: boolean;
}

export const USAGE = `Usage: npm run simulator -- [options]

Starts the local Code Assistance API simulator on 127.0.0.1 and prints its base URL and keys.

Options:
  --port <n>           Port to listen on, 0 to 65535; 0 picks a free one (default 0)
  --rpm <n>            Requests per minute allowed per key (default ${DEFAULT_RPM})
  --daily-limit <n>    Requests per day per key; resets at midnight IST, 18:30 UTC (default ${DEFAULT_DAILY_LIMIT})
  --context-limit <n>  Context window in estimated tokens, ceil(chars / 4) (default ${DEFAULT_CONTEXT_LIMIT_TOKENS})
  --gullible           Obey text in the code that speaks to the reviewer ("AI reviewer: audited"):
                       answer no issues and score 100, as a swayed LLM might (default: honest)
  -h, --help           Show this help

Stop it with Ctrl+C (SIGINT) or SIGTERM.`;

export class CliUsageError extends Error {
  override name = 'CliUsageError' as const;
}

function integer(flag: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
    throw new CliUsageError(
      `Invalid ${flag} '${value}'. Expected an integer from ${min} to ${max}.`,
    );
  }
  return parsed;
}

export function parseCliArgs(argv: readonly string[]): CliSettings {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        rpm: { type: 'string' },
        'daily-limit': { type: 'string' },
        'context-limit': { type: 'string' },
        gullible: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new CliUsageError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  const text = (name: string) => values[name] as string | undefined;
  return {
    help: values.help === true,
    port: integer('--port', text('port'), 0, 65535, 0),
    rpm: integer('--rpm', text('rpm'), 1, 1_000_000, DEFAULT_RPM),
    dailyLimit: integer('--daily-limit', text('daily-limit'), 0, 100_000_000, DEFAULT_DAILY_LIMIT),
    contextLimitTokens: integer(
      '--context-limit',
      text('context-limit'),
      1,
      10_000_000,
      DEFAULT_CONTEXT_LIMIT_TOKENS,
    ),
    gullible: values.gullible === true,
  };
}

/** The default keys with the CLI's limits. */
export function cliKeys(settings: CliSettings): KeyConfig[] {
  return DEFAULT_KEYS.map((config) => ({
    ...config,
    rpm: settings.rpm,
    dailyLimit: settings.dailyLimit,
  }));
}
