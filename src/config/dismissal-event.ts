/**
 * The `pull_request_review_comment` event: a reply `/review-gate dismiss <reason>` re-decides the
 * gate for its pull request; every other review comment ends the run at once, saying why. Above
 * all review-gate never reacts to its own comments (nor any bot's): its review would otherwise
 * start a run per comment it posts when its token can trigger workflows.
 */
import { DISMISSALS_OFF, DISMISS_COMMAND, parseDismissCommand, whyCannotDismiss } from '../domain/dismissal';
import type { DismissMode } from '../domain/vocabulary';
import type { AccessReader } from '../domain/repository-access';
import type { ActionEvent } from './event';

export const REVIEW_COMMENT_EVENT = 'pull_request_review_comment';

/** Actions of the event that can bring a dismissal: a new reply, or one edited to add the reason. */
const HANDLED_ACTIONS: readonly string[] = ['created', 'edited'];

export interface ReviewCommentEvent {
  action: string;
  body: string;
  author: { login: string; type?: string } | null;
  /** Set on a reply: the comment it answers. */
  inReplyTo: number | undefined;
}

interface CommentPayload {
  action?: unknown;
  comment?: { body?: unknown; user?: { login?: unknown; type?: unknown } | null; in_reply_to_id?: unknown };
}

/** The comment of a `pull_request_review_comment` event; undefined for any other event. */
export function reviewCommentOf(event: ActionEvent): ReviewCommentEvent | undefined {
  if (event.name !== REVIEW_COMMENT_EVENT) return undefined;
  const payload: CommentPayload = typeof event.payload === 'object' && event.payload !== null ? event.payload : {};
  const comment = payload.comment ?? {};
  const login = comment.user?.login;
  const type = comment.user?.type;
  return {
    action: typeof payload.action === 'string' ? payload.action : '',
    body: typeof comment.body === 'string' ? comment.body : '',
    author: typeof login === 'string' ? { login, ...(typeof type === 'string' ? { type } : {}) } : null,
    inReplyTo: typeof comment.in_reply_to_id === 'number' ? comment.in_reply_to_id : undefined,
  };
}

/**
 * Why this comment gives the run nothing to do, or undefined when it is a dismissal to act on.
 * `isOwn` tells whether the author is the token's identity (identity.ts), and `access` what the
 * author may do in the repository: asked last, since each may cost a request; a bot author is
 * known from the payload. Someone who cannot dismiss ends the run here, before any review.
 */
export async function commentSkipReason(
  comment: ReviewCommentEvent,
  dismiss: DismissMode,
  isOwn: (author: ReviewCommentEvent['author']) => Promise<boolean>,
  access: AccessReader,
): Promise<string | undefined> {
  if (!HANDLED_ACTIONS.includes(comment.action)) return `the review comment was ${comment.action || 'changed'}, and only a new or edited dismissal re-decides the gate`;
  const own = 'the review comment is review-gate’s own (or another bot’s), and review-gate never reacts to those';
  if (comment.author === null || comment.author.type === 'Bot') return own;
  if (dismiss === 'off') return `${DISMISSALS_OFF}, so a review comment changes nothing`;
  if (parseDismissCommand(comment.body) === undefined) return `the review comment does not start with "${DISMISS_COMMAND}"`;
  if (comment.inReplyTo === undefined) return `the review comment is not a reply to a review-gate comment, so there is no finding to dismiss`;
  if (await isOwn(comment.author)) return own;
  const barred = whyCannotDismiss(await access(comment.author.login));
  return barred === undefined ? undefined : `${barred}, so the reply changes nothing`;
}
