/**
 * Reads whether someone with write access approved a pull request at its head: the pull
 * request's reviews (paged), each person's latest verdict on the head commit (an approval later
 * dismissed, or followed by a request for changes, does not stand; a review of an older commit
 * says nothing of this one), then the access of each approver in turn (the run's access reader,
 * so a login is asked once). Write, maintain or admin access counts, as for dismissals. A failed
 * read is `unknown`, never an exception: the caller fails closed on it.
 */
import type { Approval, ApprovalReader } from '../domain/approval';
import { shortSha } from '../domain/object-name';
import type { AccessReader } from '../domain/repository-access';
import { describeAccess, hasWriteAccess } from '../domain/repository-access';
import { describeGitHubError } from './errors';
import type { GitHubClient } from './octokit';

/** The states that are a person's verdict on a commit; COMMENTED and PENDING are not. */
const VERDICTS: ReadonlySet<string> = new Set(['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED']);

export function createApprovalReader(octokit: GitHubClient, access: AccessReader): ApprovalReader {
  return async (pr): Promise<Approval> => {
    let reviews: Array<{ state: string; commit_id?: string | null; user?: { login: string } | null }>;
    try {
      reviews = await octokit.paginate(octokit.rest.pulls.listReviews, { owner: pr.owner, repo: pr.repo, pull_number: pr.number, per_page: 100 });
    } catch (error) {
      return { kind: 'unknown', why: `the pull request's reviews could not be read (${describeGitHubError(error)})` };
    }
    const latest = new Map<string, { login: string; state: string }>();
    for (const review of reviews) {
      if (review.commit_id !== pr.headSha || review.user === null || review.user === undefined || !VERDICTS.has(review.state)) continue;
      latest.set(review.user.login.toLowerCase(), { login: review.user.login, state: review.state });
    }
    const approvers = [...latest.values()].filter((v) => v.state === 'APPROVED').map((v) => v.login);
    const without: string[] = [];
    for (const login of approvers) {
      const known = await access(login);
      if (hasWriteAccess(known)) return { kind: 'approved', by: login };
      without.push(describeAccess(known));
    }
    const head = shortSha(pr.headSha);
    if (without.length === 0) return { kind: 'not-approved', why: `no one with write access has approved the pull request at ${head}` };
    return { kind: 'not-approved', why: `it is approved at ${head} only by people without write access (${without.join('; ')})` };
  };
}
