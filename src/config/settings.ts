/**
 * Inputs → one typed, validated `Settings`. This is the only module that reads inputs; every
 * value is read, defaulted and validated here, and a bad value stops the run before any network
 * call with a message that quotes it and says what is allowed. All bad inputs are reported
 * together, so a user fixes their workflow file in one round.
 */
import { apiKeyFormatProblem } from '../safety/credentials';
import { FOCUS_AREAS, SEVERITIES } from '../domain/vocabulary';
import type { FocusArea } from '../domain/vocabulary';
import { normalizeApiUrl } from './api-url';
import { globSyntaxProblem } from './globs';
import { DISMISS_MODES } from '../domain/vocabulary';
import type { DismissMode } from '../domain/vocabulary';
import type { FailOnSeverity } from '../domain/vocabulary';
import { checkNameProblem } from './check-name';
import { parseList } from './parse-list';
import { parseCommentSeverity, parseSecurityFlags } from './finding-inputs';
import type { Parsed } from './finding-inputs';

export { parseList };

export * from './settings-types';
import { DEFAULTS, DEFAULT_EXCLUDES, MAX_FILES_LIMIT } from './settings-types';
import { INJECTION_CHECK_MODES } from '../domain/vocabulary';
import type { GateScope, InjectionCheckMode, OnIncomplete, ScoreBaseline } from '../domain/vocabulary';
import type { InputReader, PolicyInputs, Settings } from './settings-types';
import { StopError } from '../domain/errors';

const REQUIRED_HINTS: Readonly<Record<string, string>> = {
  'api-key':
    ' Pass it from a secret (api-key: ${{ secrets.REVIEW_GATE_API_KEY }}). On pull requests from forks GitHub passes no secrets;' +
    " on Dependabot's pull requests it passes Dependabot's secrets only: add REVIEW_GATE_API_KEY there too (Settings → Secrets and variables → Dependabot)," +
    " or skip Dependabot's pull requests. See \"Pull requests from forks\" and \"Dependabot's pull requests\" in docs/forks.md.",
};

export class SettingsError extends StopError {
  override readonly name = 'SettingsError' as const;
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? (problems[0])
        : `${problems.length} inputs are invalid:\n- ${problems.join('\n- ')}`,
    );
  }
}

/**
 * One parser per kind of input, each reading an input by name from `read`, defaulting an unset
 * one and adding a message to `problems` for a bad one: the one definition of what each value may
 * be, used for the workflow's inputs and for the policy file's keys alike.
 */
function inputParsers(read: InputReader, problems: string[]) {
  const input = (name: string): string => read(name).trim();

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = input(name);
    if (raw === '') return fallback;
    const value = /^[+]?\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`Invalid ${name} '${raw}'. Expected a whole number from ${min} to ${max}.`);
      return fallback;
    }
    return value;
  };

  /** A number of minutes; decimals allowed, so a tiny deadline can be tested. */
  const minutes = (name: string, fallback: number, min: number, max: number): number => {
    const raw = input(name);
    if (raw === '') return fallback;
    const value = /^[+]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isFinite(value) || value < min || value > max) {
      problems.push(`Invalid ${name} '${raw}'. Expected a number of minutes from ${min} to ${max}, such as 30 or 0.5.`);
      return fallback;
    }
    return value;
  };

  const oneOf = <T extends string>(name: string, fallback: T, allowed: readonly T[]): T => {
    const raw = input(name);
    if (raw === '') return fallback;
    const value = raw.toLowerCase();
    if (!(allowed as readonly string[]).includes(value)) {
      problems.push(`Invalid ${name} '${raw}'. Expected one of: ${allowed.join(', ')}.`);
      return fallback;
    }
    return value as T;
  };

  /** Free text, checked by `problem` (which quotes the value and says what is allowed). */
  const text = (name: string, fallback: string, problem: (value: string) => string | undefined): string => {
    const raw = input(name);
    const found = raw === '' ? undefined : problem(raw);
    if (found !== undefined) problems.push(found);
    return raw === '' || found !== undefined ? fallback : raw;
  };

  /** An input read by its own parser (finding-inputs.ts), shared with the policy file. */
  const parsed = <T>(name: string, parse: (raw: string) => Parsed<T>, fallback: T): T => {
    const result = parse(read(name));
    if ('problem' in result) {
      problems.push(result.problem);
      return fallback;
    }
    return result.value;
  };

  const required = (name: string): string => {
    const raw = input(name);
    if (raw === '') problems.push(`Input ${name} is required and was not set.${REQUIRED_HINTS[name] ?? ''}`);
    return raw;
  };

  const boolean = (name: string, fallback = false): boolean => {
    const raw = input(name);
    const value = raw.toLowerCase();
    if (value === '') return fallback;
    if (['true', 'yes', '1'].includes(value)) return true;
    if (!['false', 'no', '0'].includes(value)) problems.push(`Invalid ${name} '${raw}'. Expected true or false.`);
    return false;
  };

  const focusAreas = (name: string): FocusArea[] => {
    const areas: FocusArea[] = [];
    for (const entry of parseList(read(name))) {
      const area = entry.toLowerCase();
      if (!(FOCUS_AREAS as readonly string[]).includes(area)) {
        problems.push(`Invalid ${name} entry '${entry}'. Expected any of: ${FOCUS_AREAS.join(', ')}.`);
      } else if (!areas.includes(area as FocusArea)) {
        areas.push(area as FocusArea);
      }
    }
    return areas;
  };

  /** Globs, each compiled as it will match (globs.ts), so one that cannot compile is refused here. */
  const globs = (name: string, list: string[]): string[] => {
    for (const glob of list) {
      const problem = globSyntaxProblem(glob);
      if (glob.startsWith('/')) {
        problems.push(`Invalid glob '${glob}'. Paths are relative to the repository root: drop the leading '/'.`);
      } else if (problem !== undefined) {
        // A glob that cannot compile would match nothing: an include would skip every file.
        problems.push(`Invalid ${name} glob '${glob}': ${problem}. Expected a glob such as src/** or *.py; escape a literal bracket as \\[.`);
      }
    }
    return list;
  };

  return { read, input, integer, minutes, oneOf, text, parsed, required, boolean, focusAreas, globs };
}

type InputParsers = ReturnType<typeof inputParsers>;

function readPolicyInputs(p: InputParsers): PolicyInputs {
  const excludeRaw = p.read('exclude');
  // The runner passes '' for an input that was not set, so '' must mean the default list;
  // `none` is the explicit way to exclude nothing. The default list skips no code (select.ts):
  // only an exclude the workflow or the policy sets does.
  const excludeUnset = excludeRaw.trim() === '';
  const exclude = excludeUnset || excludeRaw.trim().toLowerCase() === 'none' ? [] : parseList(excludeRaw);
  return {
    focusAreas: p.focusAreas('focus-areas'),
    include: p.globs('include', parseList(p.read('include'))),
    exclude: p.globs('exclude', exclude),
    defaultExcludes: excludeUnset ? [...DEFAULT_EXCLUDES] : [],
    failOnSeverity: p.oneOf<FailOnSeverity>('fail-on-severity', DEFAULTS.failOnSeverity, [...SEVERITIES, 'never']),
    gateScope: p.oneOf<GateScope>('gate-scope', DEFAULTS.gateScope, ['added', 'file']),
    minScore: p.integer('min-score', DEFAULTS.minScore, 0, 100),
    onIncomplete: p.oneOf<OnIncomplete>('on-incomplete', DEFAULTS.onIncomplete, ['fail', 'pass', 'neutral']),
    scoreBaseline: p.oneOf<ScoreBaseline>('score-baseline', DEFAULTS.scoreBaseline, ['none', 'base']),
    maxComments: p.integer('max-comments', DEFAULTS.maxComments, 0, 100),
    commentSeverity: p.parsed('comment-severity', parseCommentSeverity, DEFAULTS.commentSeverity),
    securityFlags: p.parsed('security-flags', parseSecurityFlags, DEFAULTS.securityFlags),
    injectionCheck: p.oneOf<InjectionCheckMode>('injection-check', DEFAULTS.injectionCheck, [...INJECTION_CHECK_MODES]),
    suppressionsNeedApproval: p.boolean('suppressions-need-approval', DEFAULTS.suppressionsNeedApproval),
  };
}

/**
 * The value one policy-settable input takes from `raw`, read as the workflow's input of that name
 * would be; the messages for a bad value are added to `problems`.
 */
export function readPolicyInput<K extends keyof PolicyInputs>(field: K, name: string, raw: string, problems: string[]): PolicyInputs[K] {
  return readPolicyInputs(inputParsers((asked) => (asked === name ? raw : ''), problems))[field];
}

export function readSettings(read: InputReader): Settings {
  const problems: string[] = [];
  const p = inputParsers(read, problems);
  const { input, integer, minutes, oneOf, text, required, boolean } = p;

  const apiKey = required('api-key');
  const keyProblem = apiKey === '' ? undefined : apiKeyFormatProblem(apiKey);
  // Never quoted: the value is the secret itself.
  if (keyProblem !== undefined) problems.push(`Invalid api-key: ${keyProblem} (the key is not shown). Copy it again, without spaces or line breaks.`);
  const allowInsecureHttp = boolean('allow-insecure-http');
  const apiUrl = normalizeApiUrl(required('api-url'), allowInsecureHttp, problems);
  const githubToken = input('github-token');

  const gate = readPolicyInputs(p);

  const prRaw = input('pr-number');
  let prNumber: number | undefined;
  if (prRaw !== '') {
    prNumber = integer('pr-number', 0, 1, Number.MAX_SAFE_INTEGER);
  }

  const dryRun = boolean('dry-run');
  const sarifFile = input('sarif-file');
  if (sarifFile.includes('\0') || /[\\/]$/.test(sarifFile)) {
    problems.push(`Invalid sarif-file '${sarifFile.replace(/\0/g, '\\0')}'. Expected a file path such as results.sarif.`);
  }

  const cacheDir = input('cache-dir');
  // A NUL cannot be in a path: the file system would refuse every entry at the first write.
  if (cacheDir.includes('\0')) problems.push(`Invalid cache-dir '${cacheDir.replace(/\0/g, '\\0')}'. Expected a folder path without NUL characters.`);

  const settings: Settings = {
    apiKey,
    apiUrl,
    allowInsecureHttp,
    githubToken,
    ...gate,
    maxFiles: integer('max-files', DEFAULTS.maxFiles, 1, MAX_FILES_LIMIT),
    maxFileSize: integer('max-file-size', DEFAULTS.maxFileSize, 1, 10_000_000),
    maxDurationMs: Math.round(minutes('max-duration', DEFAULTS.maxDurationMinutes, 0.05, 300) * 60_000),
    concurrency: integer('concurrency', DEFAULTS.concurrency, 1, 32),
    maxRetries: integer('max-retries', DEFAULTS.maxRetries, 0, 10),
    requestTimeoutMs: integer('request-timeout', DEFAULTS.requestTimeoutSeconds, 1, 600) * 1000,
    checkRun: boolean('check-run', DEFAULTS.checkRun),
    checkName: text('check-name', DEFAULTS.checkName, checkNameProblem),
    prNumber,
    dryRun,
    dismiss: oneOf<DismissMode>('dismiss', DEFAULTS.dismiss, [...DISMISS_MODES]),
    sarifFile,
    walkthrough: boolean('walkthrough'),
    skipDrafts: boolean('skip-drafts'),
    cacheDir,
  };
  if (problems.length > 0) throw new SettingsError(problems);
  return settings;
}

