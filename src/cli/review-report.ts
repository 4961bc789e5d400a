/**
 * The terminal's surface of the verdict, written last by publishVerdict: the report on stdout in
 * the chosen format (`text`, `json`, `sarif`, `markdown`, `codeclimate`), the files asked for
 * (`--summary`, `--sarif-file`, `--codeclimate-file`), and the closing line. In text the closing line and notes go to stdout with
 * the report; with another format they go to stderr, so stdout holds the report alone.
 *
 * For a run that could not judge the code (exit status 3), the closing line explains why and
 * what to do instead of repeating the verdict.
 */
import { resolve } from 'node:path';
import type { Comparison } from '../collect/git/local-source';
import type { BuildIdentity } from '../domain/build';
import type { Settings } from '../config/settings';
import type { FileOutcome } from '../domain/outcomes';
import { COULD_NOT_RUN_CODES, MISCONFIGURED_CODE } from '../domain/outcomes';
import type { PublishedRun } from '../domain/run-report';
import { reasonTexts } from '../domain/verdict';
import { EXIT, exitStatusOf } from './exit-status';
import { renderCodeQuality } from '../render/code-quality';
import { countedFacts } from '../render/counted';
import { buildJsonReport } from '../render/json-report';
import type { Outlet } from '../run/publish';
import { renderSarif } from '../render/sarif';
import { renderJobSummary } from '../render/summary/run-summary';
import { countsLine, printFileLists, printFindings } from './format-text';
import { styled } from './terminal';
import type { Terminal } from './terminal';
import { writeNamedFile } from '../safety/no-follow';
import { printableJson } from '../safety/terminal';
import { remedyFor } from './errors';
import { KEY_VARIABLE } from './settings';
import { ExplainedError } from '../domain/errors';

export const FORMATS = ['text', 'json', 'sarif', 'markdown', 'codeclimate'] as const;
export type Format = (typeof FORMATS)[number];

/** A file the user named could not be written: a usage problem (exit 2), not a verdict. */
export class OutputFileError extends ExplainedError {
  override readonly name = 'OutputFileError' as const;
}

export interface TerminalReportOptions {
  settings: Pick<Settings, 'sarifFile' | 'apiUrl'>;
  format: Format;
  summaryFile: string | undefined;
  /** `--codeclimate-file`: where to write GitLab's Code Quality report besides the chosen format. */
  codeclimateFile: string | undefined;
  comparison: Comparison;
  /** The counts line is already out (it heads the streamed walkthrough). */
  counted(): boolean;
  /** Which build this is, for the JSON report's `tool`. */
  build(): BuildIdentity;
}

export function terminalReport(terminal: Terminal, options: TerminalReportOptions): Outlet {
  return async (run) => {
    const { comparison, settings } = options;
    const status = exitStatusOf(run.verdict);
    const text = options.format === 'text';
    const say = text ? terminal.out : terminal.err;
    if (text && !options.counted()) terminal.out(styled('bold', countsLine(run)));
    if (run.walkthrough?.kind === 'failed') say(styled('dim', run.walkthrough.message));

    const sarif = () => renderSarif(run, {}).text;
    const markdown = () => renderJobSummary(run, true).markdown;
    if (options.format === 'json') {
      const source = { base: comparison.base, baseDescription: comparison.baseDescription, head: comparison.head ?? null, side: comparison.side.kind };
      // Escaped, not stripped: a path keeps its exact value, and prints as it is.
      terminal.out(printableJson(JSON.stringify(buildJsonReport(run, source, options.build()), null, 2)));
    }
    if (options.format === 'sarif') terminal.out(sarif().replace(/\n$/, ''));
    if (options.format === 'markdown') terminal.out(markdown().replace(/\n$/, ''));
    const codeQuality = () => renderCodeQuality(run.findings, run.outcomes);
    if (options.format === 'codeclimate') terminal.out(codeQuality().replace(/\n$/, ''));
    // Files get the same redaction as the terminal: the service's text may echo the key. Never
    // through a symlink: the branch under review may have committed one at that path.
    const write = async (file: string, content: string): Promise<void> => {
      try {
        await writeNamedFile(resolve(terminal.cwd, file), terminal.cwd, terminal.redactor.text(content));
      } catch (error) {
        throw new OutputFileError(`could not write ${file}`, { cause: error });
      }
    };
    if (options.summaryFile !== undefined) await write(options.summaryFile, markdown());
    if (settings.sarifFile !== '') await write(settings.sarifFile, sarif());
    if (options.codeclimateFile !== undefined) await write(options.codeclimateFile, codeQuality());

    if (text) {
      printFindings(terminal, run);
      printFileLists(terminal, run, status === EXIT.couldNotRun);
    }
    if (run.outcomes.length === 0) {
      say(`Nothing to review: no changes between ${sideName(comparison)} and ${describeBase(comparison)}.`);
      if (comparison.hint !== undefined) say(comparison.hint);
    } else {
      for (const notice of run.verdict.notices) say(styled('dim', `note: ${notice}`));
    }
    if (text) {
      if (run.outcomes.some((o) => o.kind === 'reviewed')) say(styled('dim', countedFacts(run.verdict, run.outcomes).join(' · ')));
      say('');
    }
    if (status === EXIT.couldNotRun) {
      say(styled('red', 'review-gate could not run:'), ` ${couldNotRunExplanation(run, terminal.env[KEY_VARIABLE] ?? '', settings.apiUrl)}`);
    } else if (run.verdict.result === 'failed') {
      say(styled('red', 'review-gate failed:'), ` ${reasonTexts(run.verdict).join('; ')}.`);
    } else if (run.verdict.result === 'neutral') {
      say(styled('yellow', 'review-gate neutral:'), ` ${[...reasonTexts(run.verdict), ...run.verdict.notices].join('; ')}.`);
    } else {
      say(styled('green', 'review-gate passed.'));
    }
  };
}

type Failed = Extract<FileOutcome, { kind: 'failed' }>;

/** "the review service rejected the key …: <remedy> (request …); 3 of 3 files not reviewed". */
export function couldNotRunExplanation(report: Pick<PublishedRun, 'outcomes' | 'verdict'>, key: string, apiUrl: string): string {
  // A file whose own request failed names the request; files the stop cancelled have none.
  const blocked = report.outcomes.filter((o): o is Failed => o.kind === 'failed' && o.code !== undefined && COULD_NOT_RUN_CODES.has(o.code));
  const first = blocked.find((o) => o.requestId !== undefined) ?? blocked[0];
  const notReviewed = report.outcomes.filter((o) => o.kind === 'failed').length;
  const candidates = report.outcomes.filter((o) => o.kind !== 'skipped').length;
  const tally = `${notReviewed} of ${candidates} files not reviewed`;
  if (first === undefined) return tally;
  const code = first.code ?? '';
  const request = first.requestId === undefined ? '' : `, request ${first.requestId}`;
  const what: Record<string, string> = {
    authentication_failed: 'the review service rejected the key',
    insufficient_scope: 'the key may not use the review endpoint',
    daily_limit_exceeded: "the key's daily request limit is used up",
    network_error: `the review service at ${apiUrl} could not be reached`,
    timeout: `the review service at ${apiUrl} did not answer in time`,
  };
  // A wrong api-url's reason already names the URL and the status the service gave.
  const happened = what[code] ?? (code === MISCONFIGURED_CODE ? first.reason.replace(/^not reviewed: /, '') : 'the review service kept failing after the retries');
  const remedy = remedyFor(code, key) ?? 'Try again later.';
  return `${happened} (${code}${request}); ${tally}. ${remedy}`;
}

export function sideName(comparison: Comparison): string {
  switch (comparison.side.kind) {
    case 'working-tree':
      return 'the working tree';
    case 'index':
      return 'the staged changes';
    case 'commit':
      return `commit ${comparison.side.name} (${comparison.side.sha.slice(0, 8)})`;
  }
}

export function describeBase(comparison: Comparison): string {
  return `${comparison.baseDescription} (${comparison.base.slice(0, 8)})`;
}
