/**
 * What people said on review-gate's inline comments, read once before the gate decides, and
 * what the run does with it afterwards. Dismissals (replies) become labels of the findings
 * before `decide`; the threads of findings fixed since the last run are closed after the verdict
 * (writes the verdict does not depend on). Neither throws: a failure is an outcome the summary
 * shows. If the replies cannot be read, no dismissal is applied: the findings count (fail closed).
 */
import { describeError } from '../domain/errors';
import type { DismissalReply } from '../domain/dismissal';
import type { FeedbackReport, ReviewFeedback } from '../domain/feedback';
import type { FileOutcome } from '../domain/outcomes';
import type { Logger } from '../domain/logger';
import type { PullRequestRef } from '../domain/pull-request';
import type { ThreadReport } from '../domain/run-report';
import { findFixed } from '../locate/thread-plan';

export async function readFeedback(feedback: ReviewFeedback | undefined, pr: PullRequestRef, log: Logger): Promise<FeedbackReport> {
  if (feedback === undefined) return { kind: 'not-read' };
  try {
    const snapshot = await feedback.read(pr);
    if (snapshot.dismissals.length > 0) log.info(`Read ${snapshot.dismissals.length} dismissal repl${snapshot.dismissals.length === 1 ? 'y' : 'ies'} to review-gate's comments`);
    return { kind: 'read', snapshot };
  } catch (error) {
    const message = `the replies to review-gate's comments could not be read, so no dismissal is applied: ${describeError(error)}`;
    log.warning(message);
    return { kind: 'failed', message };
  }
}

/** Why the replies gave no dismissal that could count, when something stood in the way; shown in the summary. */
export function feedbackProblem(report: FeedbackReport): string | undefined {
  if (report.kind === 'failed') return report.message;
  return report.kind === 'read' ? report.snapshot.problem : undefined;
}

/** The snapshot's dismissal replies; none when it could not be read. */
export function dismissalReplies(report: FeedbackReport): DismissalReply[] {
  return report.kind === 'read' ? report.snapshot.dismissals : [];
}

/**
 * Closes the threads of findings gone at this head: only for files reviewed in this run, so a
 * file left out (skipped, failed, past a limit) never has its comments closed as "fixed".
 */
export async function closeFixedThreads(
  feedback: ReviewFeedback | undefined,
  pr: PullRequestRef,
  report: FeedbackReport,
  outcomes: readonly FileOutcome[],
  log: Logger,
): Promise<ThreadReport | undefined> {
  if (feedback === undefined || report.kind !== 'read') return undefined;
  const reviewed = outcomes.flatMap((o) => (o.kind === 'reviewed' ? [o] : []));
  const present = new Set(reviewed.flatMap((o) => o.findings.map((f) => f.fingerprint)));
  const fixed = findFixed(report.snapshot.own, present, new Set(reviewed.map((o) => o.path)));
  if (fixed.length === 0) return { fixed: 0, resolved: 0, markedFixed: 0, left: [] };
  try {
    const closed = await feedback.closeFixed(pr, fixed);
    log.info(`${closed.fixed} finding(s) fixed since the last run: ${closed.resolved} thread(s) resolved, ${closed.markedFixed} comment(s) marked fixed, ${closed.left.length} left open`);
    return closed;
  } catch (error) {
    const why = `could not be closed: ${describeError(error)}`;
    log.warning(`The threads of ${fixed.length} fixed finding(s) ${why}`);
    return { fixed: fixed.length, resolved: 0, markedFixed: 0, left: fixed.map((c) => ({ path: c.path, why })) };
  }
}
