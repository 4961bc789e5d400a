/**
 * The two-stage set-up for forks: a `workflow_run` run reviews, with secrets and a write token,
 * the pull request the untrusted first stage named in its artifact (`pr-number`). The artifact
 * is the fork's to write, so the number alone is not trusted: it must name a pull request whose
 * head is the one the event says the first stage ran on — same head repository, branch and
 * commit. Otherwise nothing is reviewed or written, and the step fails saying which differs.
 */
import type { PullRequestSnapshot } from '../github/pull-head';
import { isObjectName, shortSha } from '../domain/object-name';
import { EventError } from './event-error';

/** What the `workflow_run` event says the first stage ran on. */
export interface WorkflowRunHead {
  /** `workflow_run.head_repository.full_name`. */
  repository: string;
  /** `workflow_run.head_branch`. */
  branch: string;
  /** `workflow_run.head_sha`. */
  sha: string;
}

interface WorkflowRunPayload {
  workflow_run?: { head_repository?: { full_name?: unknown } | null; head_branch?: unknown; head_sha?: unknown } | null;
}

/** The head a `workflow_run` payload names; an EventError when it names none (nothing to check pr-number against). */
export function workflowRunHead(payload: unknown): WorkflowRunHead {
  const run = (typeof payload === 'object' && payload !== null ? (payload as WorkflowRunPayload) : {}).workflow_run;
  const repository = run?.head_repository?.full_name;
  const branch = run?.head_branch;
  const sha = run?.head_sha;
  if (typeof repository !== 'string' || repository === '' || typeof branch !== 'string' || branch === '' || typeof sha !== 'string' || !isObjectName(sha.toLowerCase())) {
    throw new EventError(
      'The workflow_run event payload has no workflow_run.head_repository.full_name, head_branch and head_sha to check pr-number against, ' +
        'so nothing was reviewed or written.',
    );
  }
  return { repository, branch, sha: sha.toLowerCase() };
}

/**
 * Throws, naming every value that differs, unless pull request `number` (as GitHub has it now)
 * has the head the event names. Repository names are compared as GitHub does, without case;
 * branch names and commits exactly.
 */
export function checkWorkflowRunHead(number: number, expected: WorkflowRunHead, pull: PullRequestSnapshot): void {
  const differences: string[] = [];
  if (pull.headRepository === null || pull.headRepository.toLowerCase() !== expected.repository.toLowerCase()) {
    differences.push(`its head repository is ${pull.headRepository === null ? 'deleted' : `'${pull.headRepository}'`}, the event's '${expected.repository}'`);
  }
  if (pull.headBranch !== expected.branch) differences.push(`its head branch is '${pull.headBranch}', the event's '${expected.branch}'`);
  if (pull.headSha.toLowerCase() !== expected.sha) differences.push(`its head commit is ${shortSha(pull.headSha)}, the event's ${shortSha(expected.sha)}`);
  if (differences.length === 0) return;
  const onlyMoved = differences.length === 1 && pull.headSha.toLowerCase() !== expected.sha;
  throw new EventError(
    `pr-number ${number} does not name the pull request this workflow_run ran for: ${differences.join('; ')}. ` +
      'Nothing was reviewed or written. ' +
      (onlyMoved
        ? `The pull request was pushed to since; the workflow_run of ${shortSha(pull.headSha)} reviews it.`
        : 'In the two-stage set-up pr-number comes from the first stage\'s artifact, which a fork can write: only a pull request whose head the event names is reviewed.'),
  );
}
