/**
 * The single summary comment: found again by its marker and edited on every run, so a pull
 * request carries one summary however many times it is pushed.
 */
import { SUMMARY_MARKER } from '../render/markers';
import type { PullRequestRef, UpsertSummaryResult } from '../types';
import { GitHubApiError, describePr, isWriteRefused, readOnlyMessage } from './errors';
import type { GitHubClient, GitHubLog } from './octokit';
import type { AuthorTrust } from './identity';
import type { WriteGate } from './write-gate';

export interface SummaryContext {
  octokit: GitHubClient;
  gate: WriteGate;
  log: GitHubLog | undefined;
  /** Whose comments may be the summary (see identity.ts). */
  trusted: AuthorTrust;
}

export async function upsertSummaryComment(
  { octokit, gate, log, trusted }: SummaryContext,
  pr: PullRequestRef,
  body: string,
): Promise<UpsertSummaryResult> {
  // Without the marker the comment could never be found again: every run would add one.
  const markedBody = body.startsWith(SUMMARY_MARKER) ? body : `${SUMMARY_MARKER}\n${body}`;
  const target = { owner: pr.owner, repo: pr.repo };

  const comments = await octokit
    .paginate(octokit.rest.issues.listComments, { ...target, issue_number: pr.number, per_page: 100 })
    .catch((error: unknown) => {
      throw new GitHubApiError(`Listing the comments of ${describePr(pr)}`, error);
    });
  const marked = comments.filter((comment) => (comment.body ?? '').trimStart().startsWith(SUMMARY_MARKER));
  const ours = await Promise.all(marked.map((comment) => trusted(comment.user)));
  const summaries = marked.filter((_, i) => ours[i] === true);
  // Comment ids grow with time, so the highest is the newest. Older duplicates (left by an old
  // bug) stay: deleting comments is not ours to decide.
  const newest = summaries.reduce<(typeof summaries)[number] | undefined>(
    (best, comment) => (best === undefined || comment.id > best.id ? comment : best),
    undefined,
  );

  if (newest !== undefined) {
    if (summaries.length > 1) log?.debug(`${describePr(pr)}: ${summaries.length} summary comments found; editing the newest (${newest.id})`);
    try {
      const { data } = await gate.run(() => octokit.rest.issues.updateComment({ ...target, comment_id: newest.id, body: markedBody }));
      return { kind: 'updated', url: data.html_url };
    } catch (error) {
      // Not ours to edit (someone else's comment carrying the marker, or deleted meanwhile):
      // a new one is still one summary the next run finds, since it will be the newest.
      if (!isWriteRefused(error)) throw new GitHubApiError(`Editing the summary comment of ${describePr(pr)}`, error);
      log?.info(`${describePr(pr)}: could not edit summary comment ${newest.id}; creating a new one`);
    }
  }

  try {
    const { data } = await gate.run(() => octokit.rest.issues.createComment({ ...target, issue_number: pr.number, body: markedBody }));
    return { kind: 'created', url: data.html_url };
  } catch (error) {
    if (isWriteRefused(error)) return { kind: 'read-only', message: readOnlyMessage(describePr(pr), error) };
    throw new GitHubApiError(`Creating the summary comment of ${describePr(pr)}`, error);
  }
}
