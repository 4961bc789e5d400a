/**
 * The run's summary markdown, for the pull-request comment (with its hidden marker, under
 * GitHub's 65,536-character limit) and for the job summary (no marker, GitHub's 1 MiB limit).
 * The job summary lists everything when it fits, the findings posted inline too; the comment
 * lists what fits, counts the findings posted inline beside it, and points to the job summary.
 */
import { isMergeGroup } from '../../domain/pull-request';
import type { PublishedRun, RunReport } from '../../domain/run-report';
import { supersededNotice } from '../../gate/posting';
import { shortSha } from '../../domain/object-name';
import { MAX_SUMMARY_COMMENT_LENGTH, renderSummaryWithin } from './summary';
import type { RenderedSummary, SummaryInput } from './summary';
import { splitInline } from './inline-section';

/**
 * GitHub drops a step's whole job summary above 1 MiB (1,048,576 bytes); 1 KiB is left spare
 * for the line ending the runner may add.
 */
export const MAX_JOB_SUMMARY_BYTES = 1024 * 1024 - 1024;

/** GitHub's limit on a check run's `output.summary`. */
export const MAX_CHECK_RUN_SUMMARY_LENGTH = 65_535;

/**
 * Room the commit's section (write/check-run/commit-check-content.ts) and the record take in a check run's
 * summary (GitHub allows 65,535 characters): the run's own summary is rendered within the rest.
 */
export const COMMIT_SECTION_RESERVE = 8_000;

/** Where the comment sends readers for what it has no room for, and where the job summary does. */
export const REST_IN_JOB_SUMMARY = 'the job summary of this run';
export const REST_IN_LOG = 'the log of this step';

/**
 * What a summary is rendered from: the decided run, and the fates of the writes made before it
 * (the walkthrough before the summary comment; the summary comment before the check run; both
 * before the job summary).
 */
export type SummarySource = Pick<RunReport, 'pr' | 'outcomes' | 'plan' | 'verdict' | 'tokensUsed' | 'posting'> &
  Partial<Pick<PublishedRun, 'feedbackProblem' | 'threads' | 'walkthrough' | 'summary' | 'checkRun' | 'baselines' | 'policy'>>;

/**
 * The summary comment's fate, for the surfaces written after it. A failure leaves the verdict
 * as it is: this job summary, the outputs and the exit status carry it.
 */
export function summaryCommentNote(report: SummarySource): string | undefined {
  const { summary, posting } = report;
  if (summary?.kind === 'failed') {
    return `The summary comment could not be written (${summary.message}); this job summary, the step outputs and the exit status carry the verdict.`;
  }
  if (summary?.kind === 'superseded' && posting.kind === 'posted') return supersededNotice(report.pr.headSha, summary.headSha, 'before-summary');
  return undefined;
}

/** The check run's fate, for the surfaces written after it; like the summary comment's, it leaves the verdict as it is. */
export function checkRunNote(report: SummarySource): string | undefined {
  const { checkRun } = report;
  if (checkRun?.kind === 'written' && checkRun.heldBy !== undefined && checkRun.heldBy.length > 0) {
    const held = checkRun.heldBy;
    const strictest = held.some((v) => v.conclusion === 'failure') ? 'failure' : 'neutral';
    const which = held.map((v) => `#${v.pr} (${v.title})`).join('; ');
    return (
      `The check run on ${shortSha(report.pr.headSha)} concludes ${strictest}, not as this pull request's own verdict: ` +
      `${held.length === 1 ? 'another open pull request' : 'other open pull requests'} with the same head commit ${held.length === 1 ? 'is' : 'are'} stricter there: ${which}. ` +
      'A check run belongs to a commit, not to a pull request, so it shows the strictest verdict of the pull requests it heads'
    );
  }
  if (checkRun?.kind === 'read-only') return checkRun.message;
  if (checkRun?.kind === 'failed') {
    return `The check run could not be written (${checkRun.message}); this job summary, the step outputs and the exit status carry the verdict.`;
  }
  return undefined;
}

/** `local`: the terminal command's summary, where there is no pull request to post to. */
function summaryInput(report: SummarySource, local = false): SummaryInput {
  const { posting, plan } = report;
  const input: SummaryInput = {
    verdict: report.verdict,
    files: report.outcomes,
    overflow: plan.overflow,
    notCommentable: plan.notCommentable,
    belowCommentSeverity: plan.belowCommentSeverity,
    rejected: posting.kind === 'posted' ? posting.rejected : [],
    tokensUsed: report.tokensUsed,
    headSha: report.pr.headSha,
    dryRun: posting.kind === 'dry-run' && !isMergeGroup(report.pr),
  };
  if (isMergeGroup(report.pr)) {
    const { baseSha, headSha, headRef, pulls } = report.pr;
    input.mergeGroup = { baseSha, headSha, headRef, pulls };
  }
  if (report.feedbackProblem !== undefined) input.feedbackProblem = report.feedbackProblem;
  if (report.threads !== undefined) input.threads = report.threads;
  const note = summaryCommentNote(report);
  if (note !== undefined) input.summaryComment = note;
  if (local) input.local = true;
  if (report.walkthrough !== undefined) input.walkthrough = report.walkthrough;
  const checkNote = checkRunNote(report);
  if (checkNote !== undefined) input.checkRun = checkNote;
  if (report.baselines !== undefined) input.baselines = report.baselines;
  if (report.policy !== undefined) input.policy = report.policy;
  if (posting.kind === 'posted') {
    input.inline = { posted: posting.posted.length, alreadyPresent: posting.alreadyPresent.length };
    const { inline, notPosted } = splitInline(plan.comments, plan.duplicates, posting);
    input.inlineFindings = inline;
    if (notPosted.length > 0) input.notPosted = notPosted;
  } else {
    input.notPosted = [...plan.comments.map((c) => c.finding), ...plan.duplicates];
  }
  return input;
}

/**
 * The job summary: every finding, those posted inline included, within GitHub's 1 MiB; `complete`
 * is false when it could not hold every item, and then each cut list counts what it left out and
 * says where it is: `restListedIn` (default the log of this step, which then lists every finding).
 */
export function renderJobSummary(report: SummarySource, local = false, restListedIn = REST_IN_LOG): RenderedSummary {
  return renderSummaryWithin(summaryInput(report, local), {
    marker: false,
    maxLength: MAX_JOB_SUMMARY_BYTES,
    unit: 'utf8-bytes',
    restListedIn,
    listInline: true,
  });
}

/**
 * The check run's summary: what fits in its 65,535 characters, less the room the commit's section
 * and its record take (see check-verdicts.ts), the rest pointed to the job summary;
 * `annotationsNote` says how many findings its annotations left out, when any.
 */
export function renderCheckRunSummary(report: SummarySource, annotationsNote?: string): string {
  const input = summaryInput(report);
  if (annotationsNote !== undefined) input.annotationsLeftOut = annotationsNote;
  return renderSummaryWithin(input, {
    marker: false,
    maxLength: MAX_CHECK_RUN_SUMMARY_LENGTH - COMMIT_SECTION_RESERVE,
    restListedIn: REST_IN_JOB_SUMMARY,
  }).markdown;
}

export function renderRunSummary(report: SummarySource, target: 'comment' | 'job-summary'): string {
  if (target === 'job-summary') return renderJobSummary(report).markdown;
  return renderSummaryWithin(summaryInput(report), {
    marker: true,
    maxLength: MAX_SUMMARY_COMMENT_LENGTH,
    restListedIn: REST_IN_JOB_SUMMARY,
  }).markdown;
}
