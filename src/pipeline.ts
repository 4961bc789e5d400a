/**
 * The pipeline, one direction: collect → review (locating findings) → plan and post the review →
 * gate, once → the summary comment carrying that verdict. No I/O of its own: GitHub, the review
 * service, the clock and the log come in as `PipelineDeps`, so the whole is tested with plain
 * objects. The returned report holds the one verdict every surface renders.
 */
import { collectFiles } from './collect/collect-files';
import type { Settings } from './config/settings';
import { decide } from './gate/decide';
import { planInlineComments } from './report/inline-plan';
import type { InlinePlan } from './report/inline-plan';
import { postReview, postSummary } from './report/publish';
import { renderRunSummary } from './report/run-summary';
import { needingBaseline, reviewBaselines } from './review/baseline';
import { reviewFiles } from './review/review-files';
import type { ReviewDeps } from './review/review-files';
import type {
  BaseScore,
  FileOutcome,
  GateVerdict,
  LabelledFinding,
  PostingReport,
  PullRequestRef,
  ReviewPublisher,
  SummaryReport,
} from './types';

export interface PipelineDeps extends ReviewDeps {
  /** Undefined in a dry run and in the terminal: nothing is posted. */
  publisher: ReviewPublisher | undefined;
}

export interface RunReport {
  pr: PullRequestRef;
  outcomes: FileOutcome[];
  findings: LabelledFinding[];
  plan: InlinePlan;
  verdict: GateVerdict;
  /** Base-version scores of files judged against them (score-baseline: base). */
  baselines: ReadonlyMap<string, BaseScore>;
  tokensUsed: number;
  listTruncated: boolean;
  posting: PostingReport;
  summary: SummaryReport;
}

export async function runPipeline(settings: Settings, pr: PullRequestRef, deps: PipelineDeps): Promise<RunReport> {
  const { log, publisher } = deps;
  const deadlineAt = deps.clock.now() + settings.maxDurationMs;

  const { selection, listTruncated } = await collectFiles(settings, pr, deps.source, log);
  const reviewed = await reviewFiles(selection.candidates, settings, pr, deps, deadlineAt);
  const baselines = await reviewBaselines(needingBaseline(selection.candidates, reviewed.outcomes, settings), settings, pr, deps, deadlineAt);

  const outcomes: FileOutcome[] = [...reviewed.outcomes, ...selection.notReviewed, ...selection.skipped];
  const findings = outcomes.flatMap((o) => (o.kind === 'reviewed' ? o.findings : []));
  const plan = planInlineComments(findings, settings.maxComments);

  const posting: PostingReport = publisher === undefined ? { kind: 'dry-run' } : await postReview(publisher, pr, plan.comments, log);
  const verdict = decide(
    {
      outcomes,
      listTruncated,
      posting,
      reviewedSha: pr.headSha,
      baselines: baselines.scores,
      ...(reviewed.fatal === undefined ? {} : { fatal: reviewed.fatal }),
    },
    settings,
  );
  const tokensUsed = reviewed.tokensUsed + baselines.tokensUsed;
  const decided = { pr, outcomes, findings, plan, verdict, baselines: baselines.scores, tokensUsed, listTruncated, posting };

  const summary: SummaryReport =
    publisher === undefined
      ? { kind: 'dry-run' }
      : await postSummary(publisher, pr, posting, renderRunSummary(decided, 'comment'), log);
  return { ...decided, summary };
}
