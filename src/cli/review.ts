/**
 * `review-gate review` (the default command): the action's pipeline on the local changes, with
 * nothing posted. Progress goes to stderr, the result to stdout in the chosen format, and the
 * exit status says whether the gate passed (0), failed (1), the command was misused (2), or the
 * run could not judge the code (3).
 */
import type { BuildIdentity } from '../domain/build';
import { VERSION } from '../domain/version';
import { terminalCacheDir } from '../review/cache-dir';
import { cachedReviewDeps } from '../review/cached-review';
import type { Settings } from '../config/settings';
import { GitError, GitUsageError, createGitSource } from '../collect/git/local-source';
import { gitRunner } from '../collect/git/run';
import { policyOf, readPolicyFromGit } from '../collect/policy-file';
import { PolicyError } from '../config/policy/policy-error';
import { reviewAndPublish } from '../run/review-and-publish';
import type { CompleteText } from '../run/walkthrough';
import { FORMATS, OutputFileError, describeBase, sideName, terminalReport } from './review-report';
import type { Format } from './review-report';
import { systemClock } from '../review/clock';
import type { CodeAssistanceClient } from '../service/client';
import { createCliClient } from './service-client';
import { DEFAULT_RETRY_POLICY } from '../service/retry';
import { UsageError, parseFlags, stringFlag } from './args';
import { describeError } from '../domain/errors';
import { EXIT, exitStatusOf } from './exit-status';
import type { ExitStatus } from './exit-status';
import { countsLine } from './format-text';
import { progressPrinter } from './progress';
import { inputFlags, readCliSettings } from './settings';
import { streamingCompleter } from './stream-complete';
import { styled } from './terminal';
import type { Terminal } from './terminal';
import { REVIEW_USAGE } from './usage';

const REVIEW_FLAGS = {
  ...inputFlags(),
  base: { type: 'string' },
  staged: { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  format: { type: 'string' },
  summary: { type: 'string' },
  'codeclimate-file': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface ReviewOptions {
  settings: Settings;
  format: Format;
  base: string | undefined;
  staged: boolean;
  /** --no-cache: review every file again instead of reusing answers from the result cache. */
  noCache: boolean;
  quiet: boolean;
  summaryFile: string | undefined;
  codeclimateFile: string | undefined;
  /** The flags given on the command line, by name: a policy file's key overrides the flag of that name. */
  flagsGiven: ReadonlySet<string>;
}

/** `build`: which build this is, for the JSON report (asked only when it is written). */
export async function runReview(argv: readonly string[], terminal: Terminal, build: () => BuildIdentity = () => ({ version: VERSION })): Promise<ExitStatus> {
  let options: ReviewOptions;
  try {
    const parsed = parseOptions(argv, terminal);
    if (parsed === 'help') {
      terminal.out(REVIEW_USAGE);
      return EXIT.passed;
    }
    options = parsed;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    terminal.err(`review-gate: ${error.message}`);
    return EXIT.usage;
  }
  const { settings } = options;

  let client: CodeAssistanceClient;
  try {
    client = createCliClient(settings, terminal);
  } catch (error) {
    // The client's own checks (a key with whitespace in it, say) are settings errors too.
    terminal.err(`review-gate: ${describeError(error)}`);
    return EXIT.usage;
  }

  const source = createGitSource({ cwd: terminal.cwd, env: terminal.env, ...(options.base === undefined ? {} : { base: options.base }), staged: options.staged });
  const { progress, log } = progressPrinter(terminal, options.quiet);
  const say = (line: string): void => {
    if (!options.quiet) terminal.err(`review-gate: ${line}`);
  };
  // In text, the counts line and the walkthrough's heading come before the walkthrough streams in.
  let headed = false;
  try {
    // The comparison names what is reviewed (its head) and where the policy file is read (its base).
    const comparison = await source.comparison();
    say(`reviewing ${sideName(comparison)} against ${describeBase(comparison)}`);
    const target = { owner: 'local', repo: 'working-tree', number: 0, headSha: comparison.head ?? 'working-tree' };
    const published = await reviewAndPublish(settings, target, {
      openSource: () => Promise.resolve({ source, close: () => Promise.resolve() }),
      // The repository's policy file, as it is at the comparison base: the change's own edit of it applies once merged.
      readPolicy: async () => {
        const policy = await policyOf(await readPolicyFromGit(gitRunner(terminal.cwd, terminal.env), comparison.base), {
          info: (line) => say(`${line.charAt(0).toLowerCase()}${line.slice(1)}`),
        });
        // The file's values override the inputs, in the terminal as in the action: a flag it overrides is said so.
        for (const { key, value } of policy?.set ?? []) {
          if (options.flagsGiven.has(key)) terminal.err(`note: --${key} is overridden by the policy file: ${key}: ${value.replace(/\n/g, ', ')}.`);
        }
        return policy;
      },
      pipelineDeps: (inForce) => ({
        ...cachedReviewDeps((request, call) => client.reviewOnce(request, call), {
          dir: options.noCache ? undefined : terminalCacheDir(inForce.cacheDir, terminal.cwd, terminal.env, process.platform),
          baseUrl: inForce.apiUrl,
          secret: inForce.apiKey,
          workspace: terminal.cwd,
          log,
        }),
        publisher: undefined,
        clock: systemClock,
        log,
        progress,
        retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: inForce.maxRetries },
      }),
      surfaces: (inForce, report) => ({
        log,
        ...(inForce.walkthrough ? { walkthrough: walkthroughFor(options.format, client, terminal, () => {
          if (headed) return;
          headed = true;
          terminal.out(styled('bold', countsLine(report)));
          terminal.out('');
          terminal.out(styled('bold', 'Walkthrough'));
        }) } : {}),
        outlets: [terminalReport(terminal, { ...options, settings: inForce, comparison, counted: () => headed, build })],
      }),
    });
    return exitStatusOf(published.verdict);
  } catch (error) {
    return failedRun(error, terminal);
  }
}

/** How the walkthrough is asked for: streamed under its heading in text, whole in the other formats. */
function walkthroughFor(format: Format, client: CodeAssistanceClient, terminal: Terminal, heading: () => void): CompleteText {
  if (format !== 'text') return async (request) => (await client.complete(request)).content;
  const stream = streamingCompleter(client, terminal);
  return async (request) => {
    heading();
    return stream(request);
  };
}

/** A run that ended without a verdict → what the user reads, and the exit status that says it. */
function failedRun(error: unknown, terminal: Terminal): ExitStatus {
  if (error instanceof GitUsageError || error instanceof PolicyError) {
    terminal.err(`review-gate: ${error.message}`);
    return EXIT.usage;
  }
  if (error instanceof OutputFileError) {
    // The cause is the file system's or the no-follow check's own sentence, which names the path.
    terminal.err(`review-gate: could not write an output file: ${error.cause instanceof Error ? error.cause.message : String(error.cause)}`);
    return EXIT.usage;
  }
  const what = error instanceof GitError ? error.message : `the review could not complete: ${describeError(error)}`;
  terminal.err(styled('red', 'review-gate could not run:'), ` ${what}`);
  return EXIT.couldNotRun;
}

function parseOptions(argv: readonly string[], terminal: Terminal): ReviewOptions | 'help' {
  const { values, positionals } = parseFlags(argv, REVIEW_FLAGS, 'review');
  if (values.help === true) return 'help';
  const formatRaw = stringFlag(values, 'format') ?? 'text';
  const format = formatRaw.toLowerCase() as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`Invalid --format '${formatRaw}'. Expected one of: ${FORMATS.join(', ')}.`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument '${positionals[1] ?? ''}': give at most one revision range. See 'review-gate review --help'.`);
  const range = positionals[0];
  const baseFlag = stringFlag(values, 'base');
  if (range !== undefined && baseFlag !== undefined) throw new UsageError(`Give either --base or a range, not both ('${baseFlag}' and '${range}').`);
  // Nothing is posted from the terminal: a dry run, whatever the flags say.
  const settings: Settings = { ...readCliSettings(values, terminal.env, (line) => terminal.err(line)), dryRun: true };
  if (settings.walkthrough && (format === 'sarif' || format === 'codeclimate')) {
    throw new UsageError(`--walkthrough has no place in ${format === 'sarif' ? 'SARIF' : 'a Code Quality report'}: use --format text, json or markdown.`);
  }
  return {
    settings,
    format,
    base: range ?? baseFlag,
    staged: values.staged === true,
    noCache: values['no-cache'] === true,
    quiet: values.quiet === true,
    summaryFile: stringFlag(values, 'summary'),
    codeclimateFile: stringFlag(values, 'codeclimate-file'),
    flagsGiven: new Set(Object.keys(values).filter((name) => values[name] !== undefined)),
  };
}
