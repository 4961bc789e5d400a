/**
 * Flag parsing for the subcommands, with errors a person can act on: a bad flag gets one short
 * line naming it and where to look, never the whole usage text.
 */
import { parseArgs } from 'node:util';
import { systemErrorCode } from '../safety/system-error';
import { ExplainedError } from '../domain/errors';

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

export class UsageError extends ExplainedError {
  override readonly name = 'UsageError' as const;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/**
 * Parses `argv` against `spec`. A boolean flag also takes `--flag=true|false` (the action's
 * inputs are `'true'`/`'false'` strings, and scripts pass them so).
 */
export function parseFlags(argv: readonly string[], spec: FlagSpec, command: string): ParsedArgs {
  const args: string[] = [];
  const explicitFalse = new Set<string>();
  const setSwitch = (name: string, raw: string) => {
    const value = raw.trim().toLowerCase();
    if (['true', 'yes', '1'].includes(value)) args.push(`--${name}`);
    else if (['false', 'no', '0'].includes(value)) explicitFalse.add(name);
    else throw new UsageError(`Invalid --${name} '${raw}'. Expected --${name}, or --${name}=true or false.`);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      args.push(...argv.slice(i));
      break;
    }
    const match = /^--([^=]+)=(.*)$/s.exec(arg);
    const name = match?.[1] ?? arg.replace(/^--/, '');
    const isSwitch = arg.startsWith('--') && spec[name]?.type === 'boolean';
    if (isSwitch && match !== null) setSwitch(name, match[2] ?? '');
    // `--allow-insecure-http true`, as the action's inputs read: the word is the switch's value.
    else if (isSwitch && /^(true|false|yes|no)$/i.test(argv[i + 1] ?? '')) setSwitch(name, argv[++i] ?? '');
    else args.push(arg);
  }
  try {
    const { values, positionals } = parseArgs({ args, options: spec, strict: true, allowPositionals: true });
    for (const name of explicitFalse) values[name] = false;
    return { values, positionals };
  } catch (error) {
    throw new UsageError(describeParseError(error, spec, command));
  }
}

function describeParseError(error: unknown, spec: FlagSpec, command: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = systemErrorCode(error);
  const flag = /'(-{1,2}[^'\s=]+)/.exec(message)?.[1] ?? '';
  const help = `See 'review-gate ${command} --help'.`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Unknown option '${flag}' for review-gate ${command}. ${help}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = flag.replace(/^-+/, '');
    const entry = Object.entries(spec).find(([long, s]) => long === name || s.short === name);
    const long = entry === undefined ? flag : `--${entry[0]}`;
    return entry?.[1].type === 'boolean' ? `Option ${long} takes no value. ${help}` : `Option ${long} needs a value. ${help}`;
  }
  return `${message.split('\n')[0] ?? message} ${help}`;
}

export function stringFlag(values: ParsedArgs['values'], name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}
