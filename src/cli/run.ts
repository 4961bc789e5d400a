/**
 * The terminal entry: the same pipeline on a local git diff, before a pull request exists.
 *
 *   REVIEW_GATE_API_KEY=svc_live_… review-gate --api-url https://… --base origin/main
 *
 * Flags carry the action's input names and go through the same validation. The key is read from
 * the environment only: a flag would land in shell history and `ps`. Exit status: 0 passed,
 * 1 failed, 2 bad usage or settings.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createClient } from '../review/service/client';
import { DEFAULT_RETRY_POLICY } from '../review/service/retry';
import { insecureHttpWarning } from '../config/api-url';
import { UnknownRevisionError, createGitSource } from '../collect/git-source';
import { printSafe } from '../safety/terminal';
import { describeError } from '../errors';
import { runPipeline } from '../pipeline';
import type { Logger } from '../types';
import { createRedactor } from '../safety/redact';
import { renderRunSummary } from '../report/run-summary';
import { SettingsError, readSettings } from '../config/settings';
import { systemClock } from '../review/clock';
import { terminalCacheDir } from '../review/cache-dir';
import { cachedReviewDeps } from '../review/cached-review';

export const EXIT = { passed: 0, failed: 1, usage: 2 } as const;

/** Flags that mirror the action's inputs (api-key and github-token excepted). */
const INPUT_FLAGS = [
  'api-url',
  'allow-insecure-http',
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
  'max-comments',
  'cache-dir',
] as const;

const USAGE = `Usage: review-gate [--base REV] [--api-url URL] [--summary FILE] [--<input> VALUE …]

Reviews what the working tree changes against REV (default HEAD: uncommitted changes) with the
Code Assistance API and applies the same gate as the action.

  --base REV          the revision to diff against (for a branch: origin/main)
  --api-url URL       service base URL, without /v1 (or REVIEW_GATE_API_URL)
  --summary FILE      also write the markdown summary to FILE
  --no-cache          review every file again instead of reusing answers from the cache
                      (default folder: $XDG_CACHE_HOME/review-gate or ~/.cache/review-gate)
  --${INPUT_FLAGS.slice(1).join(', --')}
                      as the action's inputs of the same names
  REVIEW_GATE_API_KEY the service key (environment only)

Exit status: 0 passed, 1 failed, 2 bad usage or settings.`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Where the key comes from in a terminal; messages about `api-key` name it instead. */
const KEY_VARIABLE = 'REVIEW_GATE_API_KEY';

export async function runCli(argv: string[], terminal: CliIo): Promise<number> {
  // File names and the service's text are printed: no escape sequence, invisible character,
  // secret or workflow command (the command may run in a CI job) gets through to the terminal.
  const key = terminal.env[KEY_VARIABLE] ?? '';
  const redactor = createRedactor(key.trim() === '' ? [] : [key.trim()]);
  const safe = printSafe(redactor);
  const io = {
    out: (line: string) => terminal.out(safe(line)),
    err: (line: string) => terminal.err(safe(line)),
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        base: { type: 'string' },
        summary: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        'no-cache': { type: 'boolean' },
        ...Object.fromEntries(INPUT_FLAGS.map((flag) => [flag, { type: 'string' as const }])),
      },
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (values.help === true) {
    io.out(USAGE);
    return EXIT.passed;
  }

  const fromFlagsOrEnv = (name: string): string => {
    if (name === 'api-key') return key;
    if (name === 'api-url') return stringOf(values['api-url']) ?? terminal.env.REVIEW_GATE_API_URL ?? '';
    return stringOf(values[name]) ?? '';
  };
  let settings;
  try {
    settings = readSettings(fromFlagsOrEnv);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    // The reader names inputs as the action does; say it the way a terminal user sets them.
    const problems = error.problems.map((problem) =>
      problem.startsWith('Input api-key is required')
        ? `${KEY_VARIABLE} is not set: export the service key (svc_live_…) in the environment.`
        : problem.startsWith('Input api-url is required')
          ? 'The service URL is not set: pass --api-url or set REVIEW_GATE_API_URL.'
          : problem.replace(/^Invalid api-key:/, `Invalid ${KEY_VARIABLE}:`),
    );
    io.err(new SettingsError(problems).message);
    return EXIT.usage;
  }

  const insecure = insecureHttpWarning(settings.apiUrl);
  if (insecure !== undefined) io.err(`warning: ${insecure}`);

  const log: Logger = {
    info: (message) => io.out(message),
    warning: (message) => io.err(`warning: ${message}`),
    group: async (name, run) => {
      io.out(`\n== ${name}`);
      return run();
    },
  };
  let client: ReturnType<typeof createClient>;
  try {
    client = createClient({
      apiKey: settings.apiKey,
      baseUrl: settings.apiUrl,
      timeoutMs: settings.requestTimeoutMs,
      retry: { maxRetries: settings.maxRetries },
      onWarning: (message) => io.err(`warning: ${message}`),
    });
  } catch (error) {
    // The client's own checks (a key with whitespace in it, say) are settings errors too.
    io.err(describeError(error));
    return EXIT.usage;
  }
  const base = stringOf(values.base) ?? 'HEAD';
  try {
    const report = await runPipeline(
      { ...settings, dryRun: true },
      { owner: 'local', repo: 'working-tree', number: 0, headSha: base },
      {
        source: createGitSource({ cwd: terminal.cwd, base }),
        ...cachedReviewDeps((request, options) => client.reviewOnce(request, options), {
          dir: values['no-cache'] === true ? undefined : terminalCacheDir(settings.cacheDir, terminal.cwd, terminal.env, process.platform),
          baseUrl: settings.apiUrl,
          log,
        }),
        publisher: undefined,
        clock: systemClock,
        log,
        retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: settings.maxRetries },
      },
    );
    io.out('\n== Findings on changed lines');
    for (const c of report.plan.comments) io.out(`${c.path}:${c.line} ${c.finding.severity} ${c.finding.message}`);
    for (const f of report.plan.overflow) io.out(`${f.path}:${f.line ?? '?'} ${f.severity} ${f.message}`);
    const summaryPath = stringOf(values.summary);
    if (summaryPath !== undefined) await writeFile(summaryPath, redactor.text(renderRunSummary(report, 'job-summary')));
    const { verdict } = report;
    for (const notice of verdict.notices) io.out(`note: ${notice}`);
    if (verdict.result === 'failed') {
      io.out(`\nreview-gate failed: ${verdict.reasons.join('; ')}.`);
      return EXIT.failed;
    }
    io.out('\nreview-gate passed.');
    return EXIT.passed;
  } catch (error) {
    if (error instanceof UnknownRevisionError) {
      io.err(error.message);
      return EXIT.usage;
    }
    io.err(`review-gate could not complete: ${describeError(error)}`);
    return EXIT.failed;
  }
}

function stringOf(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
