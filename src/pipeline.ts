/**
 * The pipeline, one direction, ending at the verdict: collect → review, each answer located
 * against the diff as it arrives → dismissals read from the replies, as labels → the review
 * planned and posted → the gate, once → the threads of fixed findings closed. No I/O of its own:
 * GitHub, the review service, the clock and the log come in as `PipelineDeps`, so the whole is
 * tested with plain objects. Every surface of the verdict is written afterwards, from the report
 * this returns, by publish/publish.ts.
 */
import { collectFiles } from './collect/collect-files';
import type { Settings } from './config/settings';
import type { FileOutcome } from './domain/outcomes';
import type { PullRequestRef } from './domain/pull-request';
import type { RunReport } from './domain/run-report';
import type { PostingReport, ReviewPublisher } from './domain/writes';
import { decide } from './gate/decide';
import { applyDismissals, judgeDismissals, markDismissedElsewhere, withOpenThreads } from './locate/dismissals';
import { locateFindings } from './locate/locate-findings';
import { closeFixedThreads, dismissalReplies, readFeedback } from './report/feedback';
import type { ReviewFeedback } from './report/feedback';
import { planInlineComments } from './report/inline-plan';
import { postReview } from './report/post-review';
import { needingBaseline, reviewBaselines } from './review/baseline';
import { reviewFiles } from './review/review-files';
import type { LocateAnswer, ReviewDeps } from './review/review-files';

export interface PipelineDeps extends ReviewDeps {
  /** Posts the review; undefined in a dry run and in the terminal: nothing is posted. */
  publisher: Pick<ReviewPublisher, 'postReview'> | undefined;
  /** Reads replies (dismissals) and closes fixed findings' threads; undefined in the terminal. */
  feedback?: ReviewFeedback;
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
  return {
    pr,
    outcomes,
    findings,
    plan,
    verdict,
    baselines: baselines.scores,
    tokensUsed: reviewed.tokensUsed + baselines.tokensUsed,
    listTruncated,
    posting,
    ...(feedback.kind === 'failed' ? { feedbackProblem: feedback.message } : {}),
    ...(threads === undefined ? {} : { threads }),
  };
}
