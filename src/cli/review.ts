/**
 * `review-gate review` (the default command): the action's pipeline on the local changes, with
 * nothing posted. Progress goes to stderr, the result to stdout in the chosen format, and the
 * exit status says whether the gate passed (0), failed (1), the command was misused (2), or the
 * run could not judge the code (3).
 */
import { reasonTexts } from '../domain/verdict';
import { terminalCacheDir } from '../review/cache-dir';
import { cachedReviewDeps } from '../review/cached-review';
import { writeNamedFile } from '../safety/no-follow';
import { resolve } from 'node:path';
import type { Settings } from '../config/settings';
import { GitError, GitUsageError, createGitSource } from '../collect/git-source';
import type { Comparison } from '../collect/git-source';
import { runPipeline } from '../pipeline';
import type { RunReport } from '../pipeline';
import { systemClock } from '../review/clock';
import type { CodeAssistanceClient } from '../review/service/client';
import { createCliClient } from './service-client';
import { DEFAULT_RETRY_POLICY } from '../review/service/retry';
import { buildJsonReport } from '../publish/json-report';
import { renderJobSummary } from '../publish/summary/run-summary';
import { renderSarif } from '../publish/sarif';
import { writeWalkthrough } from '../publish/walkthrough';
import { UsageError, parseFlags, stringFlag } from './args';
import { describeForUser } from './errors';
import { EXIT } from '../publish/exit-status';
import type { ExitStatus } from '../publish/exit-status';
import { countsLine, printFileLists, printFindings } from '../publish/terminal/format-text';
import { progressPrinter } from './progress';
import { couldNotRunExplanation, reviewExitStatus } from './review-exit';
import { KEY_VARIABLE, inputFlags, readCliSettings } from './settings';
import { streamingCompleter } from './stream-complete';
import { styled } from './terminal';
import type { Terminal } from './terminal';
import { REVIEW_USAGE } from './usage';

export const FORMATS = ['text', 'json', 'sarif', 'markdown'] as const;
type Format = (typeof FORMATS)[number];

const REVIEW_FLAGS = {
  ...inputFlags(),
  base: { type: 'string' },
  staged: { type: 'boolean' },
  'no-cache': { type: 'boolean' },
  format: { type: 'string' },
  summary: { type: 'string' },
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
}

export async function runReview(argv: readonly string[], terminal: Terminal): Promise<ExitStatus> {
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
    terminal.err(`review-gate: ${describeForUser(error)}`);
    return EXIT.usage;
  }

  const source = createGitSource({ cwd: terminal.cwd, ...(options.base === undefined ? {} : { base: options.base }), staged: options.staged });
  const { progress, log } = progressPrinter(terminal, options.quiet);
  let comparison: Comparison;
  let report: RunReport;
  try {
    comparison = await source.comparison();
    if (!options.quiet) terminal.err(`review-gate: reviewing ${sideName(comparison)} against ${describeBase(comparison)}`);
    report = await runPipeline(
      { ...settings, dryRun: true },
      { owner: 'local', repo: 'working-tree', number: 0, headSha: comparison.head ?? 'working-tree' },
      {
        source,
        ...cachedReviewDeps((request, call) => client.reviewOnce(request, call), {
          dir: options.noCache ? undefined : terminalCacheDir(settings.cacheDir, terminal.cwd, terminal.env, process.platform),
          baseUrl: settings.apiUrl,
          secret: settings.apiKey,
          workspace: terminal.cwd,
          log,
        }),
        publisher: undefined,
        clock: systemClock,
        log,
        progress,
        retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetries: settings.maxRetries },
      },
    );
  } catch (error) {
    if (error instanceof GitUsageError) {
      terminal.err(`review-gate: ${error.message}`);
      return EXIT.usage;
    }
    const what = error instanceof GitError ? error.message : `the review could not complete: ${describeForUser(error)}`;
    terminal.err(styled('red', 'review-gate could not run:'), ` ${what}`);
    return EXIT.couldNotRun;
  }

  const status = reviewExitStatus(report, settings);
  const text = options.format === 'text';
  const say = text ? terminal.out : terminal.err;
  if (text) terminal.out(styled('bold', countsLine(report)));
  if (settings.walkthrough && report.outcomes.length > 0) {
    if (text) {
      terminal.out('');
      terminal.out(styled('bold', 'Walkthrough'));
    }
    const complete = text ? streamingCompleter(client, terminal) : async (request: Parameters<typeof client.complete>[0]) => (await client.complete(request)).content;
    report.walkthrough = await writeWalkthrough(complete, report);
    if (report.walkthrough.kind === 'failed') say(styled('dim', report.walkthrough.message));
  }

  try {
    await writeOutputs(terminal, report, options, comparison);
  } catch (error) {
    terminal.err(`review-gate: could not write an output file: ${describeForUser(error)}`);
    return EXIT.usage;
  }
  if (text) {
    printFindings(terminal, report);
    printFileLists(terminal, report, status === EXIT.couldNotRun);
  }
  if (report.outcomes.length === 0) {
    say(`Nothing to review: no changes between ${sideName(comparison)} and ${describeBase(comparison)}.`);
    if (comparison.hint !== undefined) say(comparison.hint);
  } else {
    for (const notice of report.verdict.notices) say(styled('dim', `note: ${notice}`));
  }
  if (text) say('');
  if (status === EXIT.couldNotRun) {
    say(styled('red', 'review-gate could not run:'), ` ${couldNotRunExplanation(report, terminal.env[KEY_VARIABLE] ?? '', settings.apiUrl)}`);
  } else if (report.verdict.result === 'failed') {
    say(styled('red', 'review-gate failed:'), ` ${reasonTexts(report.verdict).join('; ')}.`);
  } else if (report.verdict.result === 'neutral') {
    say(styled('yellow', 'review-gate neutral:'), ` ${[...reasonTexts(report.verdict), ...report.verdict.notices].join('; ')}.`);
  } else {
    say(styled('green', 'review-gate passed.'));
  }
  return status;
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
  const settings = readCliSettings(values, terminal.env, (line) => terminal.err(line));
  if (settings.walkthrough && format === 'sarif') throw new UsageError('--walkthrough has no place in SARIF: use --format text, json or markdown.');
  return {
    settings,
    format,
    base: range ?? baseFlag,
    staged: values.staged === true,
    noCache: values['no-cache'] === true,
    quiet: values.quiet === true,
    summaryFile: stringFlag(values, 'summary'),
  };
}

async function writeOutputs(terminal: Terminal, report: RunReport, options: ReviewOptions, comparison: Comparison): Promise<void> {
  const { settings } = options;
  const sarif = () => renderSarif(report, {}).text;
  const markdown = () => renderJobSummary(report, true).markdown;
  if (options.format === 'json') {
    const source = { base: comparison.base, baseDescription: comparison.baseDescription, head: comparison.head ?? null, side: comparison.side.kind };
    terminal.out(JSON.stringify(buildJsonReport(report, source), null, 2));
  }
  if (options.format === 'sarif') terminal.out(sarif().replace(/\n$/, ''));
  if (options.format === 'markdown') terminal.out(markdown().replace(/\n$/, ''));
  // Files get the same redaction as the terminal: the service's text may echo the key. Never
  // through a symlink: the branch under review may have committed one at that path.
  const write = (file: string, text: string) => writeNamedFile(resolve(terminal.cwd, file), terminal.cwd, terminal.redactor.text(text));
  if (options.summaryFile !== undefined) await write(options.summaryFile, markdown());
  if (settings.sarifFile !== '') await write(settings.sarifFile, sarif());
}

function sideName(comparison: Comparison): string {
  switch (comparison.side.kind) {
    case 'working-tree':
      return 'the working tree';
    case 'index':
      return 'the staged changes';
    case 'commit':
      return `commit ${comparison.side.name} (${comparison.side.sha.slice(0, 8)})`;
  }
}

function describeBase(comparison: Comparison): string {
  return `${comparison.baseDescription} (${comparison.base.slice(0, 8)})`;
}
