/**
 * The runner's surfaces of the verdict, written last: the job summary, the step outputs, the
 * SARIF file, the annotations, the listing of what is (or would be) posted, the notices, and the
 * step's own conclusion. All of it goes through `ActionsIo`, which makes every text safe to print.
 *
 * The verdict is out already (check run, summary comment) when these are written: a job summary
 * that cannot be written is a warning, its content goes to the log, and nothing else changes.
 * Outside the runner (a local run of dist/index.js) there is no job summary file; past GitHub's
 * 1 MiB the job summary cannot list everything. Either way the log lists every finding.
 */
import { describeError } from '../domain/errors';
import { isMergeGroup } from '../domain/pull-request';
import type { PublishedRun } from '../domain/run-report';
import { reasonTexts } from '../domain/verdict';
import type { Settings } from '../config/settings';
import type { Redactor } from '../safety/redact';
import type { Outlet } from '../run/publish';
import { REST_IN_LOG, checkRunNote, renderJobSummary, renderRunSummary, summaryCommentNote } from '../render/summary/run-summary';
import { inlineCode } from '../render/markdown/sanitize';
import type { ActionsIo } from './io';
import { emitAnnotations, printAllFindings, printPlannedComments, writeOutputs } from './surfaces';

export interface RunnerOptions {
  io: ActionsIo;
  redactor: Redactor;
  settings: Pick<Settings, 'dryRun' | 'sarifFile'>;
  /** The runner keeps a job summary for this step (GITHUB_STEP_SUMMARY). */
  hasJobSummary: boolean;
  /** Where a relative `sarif-file` is resolved: the workspace. */
  workspace: string;
  /**
   * This verdict is one of several pull requests' the step judges (several-pulls.ts): the step's
   * outputs, SARIF file and conclusion are written once for all of them, not here.
   */
  oneOfSeveral?: boolean;
}

export function runnerSurfaces(options: RunnerOptions): Outlet {
  const { io, settings } = options;
  return async (run) => {
    const jobSummary = renderJobSummary(run, false, listedInFull(settings.sarifFile));
    const jobSummaryWritten = options.hasJobSummary && (await writeJobSummaryOrWarn(io, jobSummary.markdown));
    const listedIn = jobSummaryWritten && jobSummary.complete ? 'the job summary' : 'the log below';
    const several = options.oneOfSeveral === true;
    if (!several) writeOutputs(io, run);
    if (settings.sarifFile !== '' && !several) {
      const { writeSarifOutput } = await import('./sarif-file');
      await writeSarifOutput(io, run, settings.sarifFile, options.workspace, options.redactor);
    }
    emitAnnotations(io, run.findings, listedIn);
    printPlannedComments(io, run, settings.dryRun, listedIn);
    if (settings.dryRun && !isMergeGroup(run.pr)) {
      io.startGroup('Would post this summary comment (dry run)');
      io.info(renderRunSummary(run, 'comment'));
      io.endGroup();
    }
    if (!options.hasJobSummary) printAllFindings(io, run.findings, 'there is no job summary outside the Actions runner');
    else if (!jobSummaryWritten) printAllFindings(io, run.findings, 'the job summary could not be written');
    else if (!jobSummary.complete) printAllFindings(io, run.findings, 'the job summary has no room for them all (GitHub allows 1 MiB)');
    for (const notice of run.verdict.notices) io.notice(notice);
    const summaryNote = summaryCommentNote(run);
    if (summaryNote !== undefined) io.notice(summaryNote);
    // A refused check run was already said in one line: only a failure, or a check run another
    // pull request holds stricter, gets the second one.
    if (run.checkRun.kind === 'failed' || (run.checkRun.kind === 'written' && run.checkRun.heldBy !== undefined)) {
      const note = checkRunNote(run);
      if (note !== undefined) io.notice(note);
    }
    if (!several) concludeStep(io, run);
  };
}

/**
 * Where the findings a full job summary leaves out are, for its cut lists to say: the log of this
 * step lists every finding then (`printAllFindings`), and so does the SARIF file when there is one.
 */
function listedInFull(sarifFile: string): string {
  if (sarifFile === '') return `${REST_IN_LOG} (set \`sarif-file\` to keep every finding in a file as well)`;
  return `${REST_IN_LOG} and in the SARIF file ${inlineCode(sarifFile, 200)} (sarif-file)`;
}

/** The step's own conclusion: it fails with the verdict, and says it either way. */
function concludeStep(io: ActionsIo, { verdict }: PublishedRun): void {
  if (verdict.result === 'failed') io.setFailed(`review-gate failed: ${reasonTexts(verdict).join('; ')}.`);
  else if (verdict.result === 'neutral') io.info(`review-gate neutral: ${reasonTexts(verdict).join('; ')}.`);
  else io.info('review-gate passed.');
}

/** Writes the job summary; false, after one warning, when the runner's file cannot be written. */
async function writeJobSummaryOrWarn(io: ActionsIo, markdown: string): Promise<boolean> {
  try {
    await io.writeJobSummary(markdown);
    return true;
  } catch (error) {
    io.warning(`The job summary could not be written (${describeError(error)}); the findings are listed in the log below, and the verdict stands.`);
    return false;
  }
}
