/**
 * The run's summary markdown, for the pull-request comment (with its hidden marker, under
 * GitHub's 65,536-character limit) and for the job summary (no marker, a larger cap).
 */
import type { RunReport } from './pipeline';
import { MAX_SUMMARY_COMMENT_LENGTH, renderSummary } from './render/summary';
import type { SummaryInput } from './render/summary';

/** GitHub accepts up to 1 MiB of job summary per step; stay well under it. */
const MAX_JOB_SUMMARY_LENGTH = 512 * 1024;

export type SummarySource = Pick<RunReport, 'pr' | 'outcomes' | 'plan' | 'verdict' | 'tokensUsed' | 'posting'>;

export function renderRunSummary(report: SummarySource, target: 'comment' | 'job-summary'): string {
  const { posting } = report;
  const input: SummaryInput = {
    verdict: report.verdict,
    files: report.outcomes,
    overflow: report.plan.overflow,
    notCommentable: report.plan.notCommentable,
    rejected: posting.kind === 'posted' ? posting.rejected : [],
    tokensUsed: report.tokensUsed,
    headSha: report.pr.headSha,
    dryRun: posting.kind === 'dry-run',
  };
  if (posting.kind === 'posted') {
    input.inline = { posted: posting.posted.length, alreadyPresent: posting.alreadyPresent.length };
  }
  return target === 'comment'
    ? renderSummary(input, { marker: true, maxLength: MAX_SUMMARY_COMMENT_LENGTH })
    : renderSummary(input, { marker: false, maxLength: MAX_JOB_SUMMARY_LENGTH });
}
