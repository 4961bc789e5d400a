/**
 * Which of review-gate's earlier inline comments are about findings fixed since, and what to do
 * with each thread. Pure. A finding is fixed when its file was reviewed at the new head and no
 * finding of this run has its fingerprint. Its thread is resolved; when resolving is not
 * permitted, the comment's body is edited to say it was fixed — unless a person replied in the
 * thread: a conversation is resolved or left as it is, never rewritten under its replies.
 */
import type { OwnThreadComment } from '../domain/feedback';

/** A review thread as GraphQL lists it. */
export interface ThreadState {
  id: string;
  isResolved: boolean;
}

export type ThreadAction =
  /** Resolve the thread; if that is refused, edit the comment when `editIfRefused`. */
  | { kind: 'resolve'; comment: OwnThreadComment; threadId: string; editIfRefused: boolean }
  /** No thread to resolve is known: edit the comment's body. */
  | { kind: 'edit'; comment: OwnThreadComment }
  /** Nothing can be done; `why` is shown in the summary. */
  | { kind: 'leave'; comment: OwnThreadComment; why: string };

/** The comments whose findings are gone: file reviewed this run, no finding with their fingerprint. */
export function findFixed(
  own: readonly OwnThreadComment[],
  presentFingerprints: ReadonlySet<string>,
  reviewedPaths: ReadonlySet<string>,
): OwnThreadComment[] {
  return own.filter(
    (comment) =>
      !comment.markedFixed &&
      comment.fingerprints.length > 0 &&
      reviewedPaths.has(comment.path) &&
      comment.fingerprints.every((fp) => !presentFingerprints.has(fp)),
  );
}

/**
 * One action per fixed comment whose thread is still open. `threads` maps a thread's first
 * comment id to the thread; undefined when the threads could not be listed. A thread already
 * resolved (by an earlier run or a person) is left out: it is not fixed since the last run.
 */
export function planThreadActions(fixed: readonly OwnThreadComment[], threads: ReadonlyMap<number, ThreadState> | undefined): ThreadAction[] {
  const actions: ThreadAction[] = [];
  for (const comment of fixed) {
    const thread = threads?.get(comment.id);
    if (thread?.isResolved === true) continue;
    const editable = comment.humanReplies === 0;
    if (thread !== undefined) actions.push({ kind: 'resolve', comment, threadId: thread.id, editIfRefused: editable });
    else if (editable) actions.push({ kind: 'edit', comment });
    else actions.push({ kind: 'leave', comment, why: 'its review thread could not be found to resolve, and people replied in it' });
  }
  return actions;
}

