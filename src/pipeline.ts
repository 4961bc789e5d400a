/**
 * The pipeline, one direction: collect → review (locating findings) → dismissals read from the
 * replies, as labels → plan and post the review → gate, once → the threads of fixed findings
 * closed → the summary comment carrying that verdict. No I/O of its own: GitHub, the review
 * service, the clock and the log come in as `PipelineDeps`, so the whole is tested with plain
 * objects. The returned report holds the one verdict every surface renders.
 */
import { collectFiles } from './collect/collect-files';
import type { Settings } from './config/settings';
import { decide } from './gate/decide';
import { applyDismissals, judgeDismissals, markDismissedElsewhere, withOpenThreads } from './locate/dismissals';
import { closeFixedThreads, dismissalReplies, readFeedback } from './report/feedback';
import type { FeedbackReport, ReviewFeedback } from './report/feedback';
import type { ThreadReport } from './report/thread-plan';
import { planInlineComments } from './report/inline-plan';
import type { InlinePlan } from './report/inline-plan';
import { postReview, postSummary } from './report/publish';
import { renderRunSummary } from './report/run-summary';
import { needingBaseline, reviewBaselines } from './review/baseline';
import { reviewFiles } from './review/review-files';
import type { LocateAnswer, ReviewDeps } from './review/review-files';
import { locateFindings } from './locate/locate-findings';
import type { WalkthroughOutcome } from './report/walkthrough';
import type { BaseScore, FileOutcome } from './domain/outcomes';
import type { GateVerdict } from './domain/verdict';
import type { LabelledFinding } from './domain/findings';
import type { PostingReport, ReviewPublisher, SummaryReport } from './domain/writes';
import type { PullRequestRef } from './domain/pull-request';

export interface PipelineDeps extends ReviewDeps {
  /** Undefined in a dry run and in the terminal: nothing is posted. */
  publisher: ReviewPublisher | undefined;
  /** Reads replies (dismissals) and closes fixed findings' threads; undefined in the terminal. */
  feedback?: ReviewFeedback;
  /** Writes the walkthrough shown atop the summary (input `walkthrough`); never throws. */
  walkthrough?(report: WalkthroughSource): Promise<WalkthroughOutcome>;
}

/** What the walkthrough is written from: the run as decided, before the summary is written. */
export type WalkthroughSource = Omit<RunReport, 'summary' | 'walkthrough'>;

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
  /** Whether the replies to review-gate's comments (dismissals) could be read. */
  feedback: FeedbackReport;
  /** Threads of findings fixed since the last run; undefined when none were looked for (nothing posted). */
  threads?: ThreadReport;
  /** Set when a walkthrough was asked for: the text, or the one line saying why there is none. */
  walkthrough?: WalkthroughOutcome;
}

export async function runPipeline(settings: Settings, pr: PullRequestRef, deps: PipelineDeps): Promise<RunReport> {
  const { log, publisher } = deps;
  const deadlineAt = deps.clock.now() + settings.maxDurationMs;

  const { selection, listTruncated } = await collectFiles(settings, pr, deps.source, log, deps.progress);
  const locate: LocateAnswer = (file, answer, content, language) => locateFindings(file, language, answer.issues, content, settings.gateScope, log);
  const reviewed = await reviewFiles(selection.candidates, settings, pr, deps, deadlineAt, locate);
  const baselines = await reviewBaselines(needingBaseline(selection.candidates, reviewed.outcomes, settings), settings, pr, deps, deadlineAt);

  // Dismissals are labels like any other: read before the plan and the gate, never after.
  const feedback = await readFeedback(deps.feedback, pr, log);
  const judged = withOpenThreads(judgeDismissals(dismissalReplies(feedback), settings.dismiss), feedback.kind === 'read' ? feedback.snapshot.own : []);
  const outcomes: FileOutcome[] = [...applyDismissals(reviewed.outcomes, judged), ...selection.notReviewed, ...selection.skipped];
  const findings = outcomes.flatMap((o) => (o.kind === 'reviewed' ? o.findings : []));
  // A suppressed or dismissed finding gets no new comment; the summary lists it with its reason.
  const plan = planInlineComments(findings.filter((f) => f.disposition === undefined), settings.maxComments);

  const toPost = markDismissedElsewhere(plan.comments, judged);
  const posting: PostingReport = publisher === undefined ? { kind: 'dry-run' } : await postReview(publisher, pr, toPost, log);
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
  // After the verdict, which does not depend on it: only when this run's review landed on the head.
  const threads = posting.kind === 'posted' ? await closeFixedThreads(deps.feedback, pr, feedback, outcomes, log) : undefined;
  const tokensUsed = reviewed.tokensUsed + baselines.tokensUsed;
  const decided = {
    pr, outcomes, findings, plan, verdict, baselines: baselines.scores, tokensUsed, listTruncated, posting, feedback,
    ...(threads === undefined ? {} : { threads }),
  };

  const walkthrough = deps.walkthrough === undefined ? undefined : await deps.walkthrough(decided);
  const shown = walkthrough === undefined ? decided : { ...decided, walkthrough };

  const summary: SummaryReport =
    publisher === undefined
      ? { kind: 'dry-run' }
      : await postSummary(publisher, pr, posting, renderRunSummary(shown, 'comment'), log);
  return { ...shown, summary };
}
