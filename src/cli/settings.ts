/**
 * The action's inputs as flags (`--min-score 60`), read by the same `readSettings` and so
 * validated the same way; only the wording of its messages changes, to name what a terminal
 * user sets: `--min-score`, the environment variable REVIEW_GATE_API_KEY.
 */
import { SettingsError, readSettings } from '../config/settings';
import type { Settings } from '../config/settings';
import { UsageError } from './args';
import type { FlagSpec, ParsedArgs } from './args';

/** The key is read from the environment only: a flag would land in shell history and `ps`. */
export const KEY_VARIABLE = 'REVIEW_GATE_API_KEY';
export const URL_VARIABLE = 'REVIEW_GATE_API_URL';

/** Inputs that take a value, as `--name VALUE`. */
export const VALUE_INPUTS = [
  'api-url',
  'focus-areas',
  'include',
  'exclude',
  'max-files',
  'max-file-size',
  'max-duration',
  'concurrency',
  'max-retries',
  'request-timeout',
  'fail-on-severity',
  'gate-scope',
  'min-score',
  'on-incomplete',
  'score-baseline',
  'security-flags',
  'injection-check',
  'max-comments',
  'sarif-file',
  'cache-dir',
] as const;
/** Inputs that are true or false, as `--name` (or `--name=false`). */
export const SWITCH_INPUTS = ['allow-insecure-http', 'dry-run', 'walkthrough'] as const;
/** Inputs of the action that mean nothing here: accepted, so a workflow's `with:` maps over, and ignored with a note. */
export const IGNORED_INPUTS: Readonly<Record<string, string>> = {
  'github-token': 'a terminal run posts nothing to GitHub',
  'pr-number': 'a terminal run reviews the local changes; choose them with --base or a range such as origin/main...HEAD',
  'check-run': 'a terminal run writes no check run',
  'check-name': 'a terminal run writes no check run',
  'comment-severity': 'a terminal run posts no comments',
  'dismiss': 'a terminal run reads no replies: suppress a finding in the code with review-gate-ignore: <reason>',
  'skip-drafts': 'a terminal run reviews local changes, never a draft pull request',
  'suppressions-need-approval': 'a terminal run reads no approvals: a review-gate-ignore marker counts as written',
};

export function inputFlags(names: readonly string[] = [...VALUE_INPUTS, ...SWITCH_INPUTS, ...Object.keys(IGNORED_INPUTS), 'api-key']): FlagSpec {
  const spec: FlagSpec = {};
  for (const name of names) spec[name] = { type: (SWITCH_INPUTS as readonly string[]).includes(name) ? 'boolean' : 'string' };
  return spec;
}

/**
 * Settings from the flags and the environment. Throws UsageError with every problem, worded for
 * a terminal. `notes` receives one line per ignored input.
 */
export function readCliSettings(values: ParsedArgs['values'], env: NodeJS.ProcessEnv, notes: (line: string) => void): Settings {
  if (values['api-key'] !== undefined) {
    // Never quoted: the value is the secret.
    throw new UsageError(`--api-key is not accepted: a key on the command line lands in shell history. Set the environment variable ${KEY_VARIABLE} instead.`);
  }
  for (const [name, why] of Object.entries(IGNORED_INPUTS)) {
    if (values[name] !== undefined) notes(`note: --${name} is ignored here: ${why}.`);
  }
  const urlFromEnv = typeof values['api-url'] !== 'string';
  const read = (name: string): string => {
    if (name === 'api-key') return env[KEY_VARIABLE] ?? '';
    if (name === 'api-url') return typeof values['api-url'] === 'string' ? values['api-url'] : (env[URL_VARIABLE] ?? '');
    const value = values[name];
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    return value ?? '';
  };
  try {
    return readSettings(read);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    const problems = error.problems.map((problem) => forTerminal(problem, urlFromEnv));
    throw new UsageError(problems.length === 1 ? (problems[0] ?? '') : `${problems.length} settings are invalid:\n- ${problems.join('\n- ')}`);
  }
}

function forTerminal(problem: string, urlFromEnv: boolean): string {
  if (problem.startsWith('Input api-key is required')) {
    return `The environment variable ${KEY_VARIABLE} is not set: export the service key (svc_live_…) in it.`;
  }
  if (problem.startsWith('Input api-url is required')) {
    return `The service URL is not set: pass --api-url URL or set the environment variable ${URL_VARIABLE}.`;
  }
  const urlName = urlFromEnv ? `environment variable ${URL_VARIABLE}` : '--api-url';
  return problem
    // The action's words ("the action adds it") name what a terminal user does not run; show the URL to give instead.
    .replace(/^(Invalid api-url '(.*)'\. Give the base URL without '\/v1')(?:; the action adds it\.)$/, (_all, start: string, url: string) => {
      const base = url.replace(/\/v1\/*$/i, '');
      return `${start}, such as ${base}: review-gate adds /v1 to each request.`;
    })
    .replace(/^Invalid api-key:/, `Invalid environment variable ${KEY_VARIABLE}:`)
    .replace(/^Invalid api-url /, `Invalid ${urlName} `)
    .replace(/pass the key as api-key/, `set the key in the environment variable ${KEY_VARIABLE}`)
    .replace(/set allow-insecure-http: true/, 'pass --allow-insecure-http')
    .replace(INVALID_INPUT, (_all, name: string, what: string | undefined) => `Invalid --${name}${what ?? ''} '`);
}

/** "Invalid min-score '150'…", "Invalid include glob '[z-a]'…": an input named at the start. */
const INVALID_INPUT = new RegExp(`^Invalid (${[...VALUE_INPUTS, ...SWITCH_INPUTS].join('|')})( glob| entry)? '`);
