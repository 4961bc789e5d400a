/**
 * What a `workflow_run` run judges in the two-stage set-up: every open pull request whose head is
 * the one the event says the first stage ran on — head repository (compared without case, as
 * GitHub does), branch and commit. One branch of a fork can head several pull requests (#7 into
 * main, #8 into legacy), and a check run belongs to the commit, not to one of them: judging only
 * the one the fork's artifact names would let the shared head pass for another that was never
 * judged. So all are judged, each against its own base and policy; `pr-number`, when given, must
 * be one of them (else nothing is reviewed or written, as before), and without it (an artifact the
 * first stage never uploaded) they are judged all the same.
 */
import { shortSha } from '../domain/object-name';
import type { GitHubClient } from '../github/octokit';
import { readPullRequest } from '../github/pull-head';
import { listOpenPullsOfBranch } from '../github/pulls-at-head';
import type { WorkflowRunTarget } from './event';
import { pullTargetOf } from './pull-target';
import type { PullTarget } from './pull-target';
import { checkWorkflowRunHead } from './workflow-run';

export type HeadPulls = { kind: 'judge'; pulls: PullTarget[] } | { kind: 'none'; reason: string };

/** The open pull requests the event's head heads, by number; or why there is none to judge. */
export async function pullsAtWorkflowRunHead(octokit: GitHubClient, target: WorkflowRunTarget, now: () => number = Date.now): Promise<HeadPulls> {
  const { head, named } = target;
  const repository = { owner: target.owner, repo: target.repo };
  const owner = head.repository.slice(0, Math.max(head.repository.indexOf('/'), 0));
  const listed = await listOpenPullsOfBranch(octokit, repository, { owner, branch: head.branch }, now);
  const here = listed
    .filter((pull) => pull.headRepository?.toLowerCase() === head.repository.toLowerCase() && pull.headBranch === head.branch && pull.headSha.toLowerCase() === head.sha)
    .sort((a, b) => a.number - b.number);
  if (named !== undefined && !here.some((pull) => pull.number === named)) {
    // Says which of its head repository, branch and commit differs, and throws; a pull request the
    // list missed (opened while it was read) and that does match is judged with the others.
    const pull = await readPullRequest(octokit, { ...repository, number: named }, now);
    checkWorkflowRunHead(named, head, pull);
    here.push({ number: named, ...pull });
  }
  if (here.length === 0) {
    return {
      kind: 'none',
      reason:
        `no open pull request of ${repository.owner}/${repository.repo} has the head this workflow_run ran on (${head.repository} ${head.branch} at ${shortSha(head.sha)}): ` +
        'it was pushed to since (the workflow_run of the new head judges it) or closed',
    };
  }
  return { kind: 'judge', pulls: here.map((pull) => pullTargetOf(repository, pull.number, pull)) };
}
