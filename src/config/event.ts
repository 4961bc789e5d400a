/**
 * What this run reviews, from the Actions event (read by @actions/github's `context`): a pull
 * request (the payload of `pull_request` and `pull_request_target`, else the `pr-number` input),
 * or a merge group of the merge queue (`merge_group`), reviewed as `base_sha...head_sha`.
 */
import type { MergeGroupRef } from '../domain/pull-request';
import type { RunnerEnvironment } from './environment';
import { quoteValue } from '../domain/quote-value';

export interface PullRequestTarget {
  owner: string;
  repo: string;
  number: number;
  /** Known from a pull_request payload; otherwise read from the API. */
  headSha?: string;
  /** The head lives in another repository: the token is usually read-only. */
  fromFork: boolean;
  /** Known from the event's payload (`pull_request.draft`); otherwise read from the API when it matters. */
  draft?: boolean;
}

/** The event as the runner describes it. */
export interface ActionEvent {
  /** GITHUB_EVENT_NAME. */
  name: string | undefined;
  /** GITHUB_REPOSITORY, `owner/repo`. */
  repository: string;
  /** The event payload (GITHUB_EVENT_PATH), `{}` when there is none. */
  payload: unknown;
}

export class EventError extends Error {
  override readonly name = 'EventError' as const;
}

interface PullRequestPayload {
  pull_request?: {
    number?: unknown;
    head?: { sha?: unknown; repo?: { full_name?: unknown } | null };
    base?: { repo?: { full_name?: unknown } };
    draft?: unknown;
  };
}

/**
 * The event through @actions/github's `context`. It is imported here, not at the top of the
 * bundle, because `context` parses the payload file as the module loads: a broken file must end
 * as a clear error, not as a stack trace before the action starts.
 */
export async function readActionEvent(runner: Pick<RunnerEnvironment, 'repository' | 'eventPath'>): Promise<ActionEvent> {
  try {
    const { context } = await import(/* webpackMode: "eager" */ '@actions/github');
    return { name: context.eventName, repository: runner.repository, payload: context.payload };
  } catch (error) {
    const why = error instanceof SyntaxError ? 'it is not valid JSON' : error instanceof Error ? error.message : String(error);
    throw new EventError(`Cannot read the event payload at '${runner.eventPath}': ${why}.`);
  }
}

/** What the event asks the run to review, or why it asks for nothing. */
export type EventTarget =
  | ({ kind: 'pull-request' } & PullRequestTarget)
  | { kind: 'merge-group'; group: MergeGroupRef }
  | { kind: 'nothing'; reason: string };

export const MERGE_GROUP_EVENT = 'merge_group';
/** The one action of `merge_group` that asks for checks. */
const CHECKS_REQUESTED = 'checks_requested';
const COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** The queue's branch for an entry: `gh-readonly-queue/<base branch>/pr-<number>-<head sha>`. */
const QUEUE_REF = /(?:^|\/)gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** The `pr-number` input names a pull request whatever the event; otherwise the event decides. */
export function resolveReviewTarget(event: ActionEvent, prNumberInput: number | undefined): EventTarget {
  if (event.name === MERGE_GROUP_EVENT && prNumberInput === undefined) return resolveMergeGroup(event);
  return { kind: 'pull-request', ...resolvePullRequest(event, prNumberInput) };
}

interface MergeGroupPayload {
  action?: unknown;
  merge_group?: { head_sha?: unknown; base_sha?: unknown; head_ref?: unknown } | null;
}

function resolveMergeGroup(event: ActionEvent): EventTarget {
  const { owner, repo } = repositoryOf(event);
  const payload: MergeGroupPayload = typeof event.payload === 'object' && event.payload !== null ? event.payload : {};
  if (payload.action !== CHECKS_REQUESTED) {
    return { kind: 'nothing', reason: `the merge_group event's action is '${String(payload.action)}', and only ${CHECKS_REQUESTED} asks for checks` };
  }
  const group = payload.merge_group ?? {};
  const sha = (field: 'head_sha' | 'base_sha'): string => {
    const value = group[field];
    if (typeof value !== 'string' || !COMMIT_SHA.test(value.toLowerCase())) {
      throw new EventError(`The merge_group event payload has no commit SHA in merge_group.${field} (got ${quoteValue(value, 40)}), so there is nothing to review.`);
    }
    return value.toLowerCase();
  };
  const headSha = sha('head_sha');
  const baseSha = sha('base_sha');
  const headRef = typeof group.head_ref === 'string' ? group.head_ref : '';
  const named = QUEUE_REF.exec(headRef)?.[1];
  return { kind: 'merge-group', group: { kind: 'merge-group', owner, repo, headSha, baseSha, headRef, pulls: named === undefined ? [] : [Number(named)] } };
}

function repositoryOf(event: ActionEvent): { owner: string; repo: string } {
  const [owner, repo, ...rest] = event.repository.split('/');
  if (owner === undefined || owner === '' || repo === undefined || repo === '' || rest.length > 0) {
    throw new EventError(`Invalid GITHUB_REPOSITORY '${event.repository}'. Expected format {owner}/{repo}.`);
  }
  return { owner, repo };
}

export function resolvePullRequest(event: ActionEvent, prNumberInput: number | undefined): PullRequestTarget {
  const { owner, repo } = repositoryOf(event);

  const payload: PullRequestPayload = typeof event.payload === 'object' && event.payload !== null ? event.payload : {};
  const pull = payload.pull_request;
  if (prNumberInput !== undefined) {
    const sameAsEvent = pull !== undefined && pull.number === prNumberInput;
    return {
      owner,
      repo,
      number: prNumberInput,
      ...(sameAsEvent && typeof pull.head?.sha === 'string' ? { headSha: pull.head.sha } : {}),
      ...(sameAsEvent && typeof pull.draft === 'boolean' ? { draft: pull.draft } : {}),
      fromFork: sameAsEvent ? isFork(pull) : false,
    };
  }
  if (pull === undefined) {
    throw new EventError(
      `The '${event.name ?? 'unknown'}' event carries no pull request. Run on pull_request, pull_request_target or merge_group, or set the pr-number input.`,
    );
  }
  if (typeof pull.number !== 'number' || typeof pull.head?.sha !== 'string') {
    throw new EventError(`The '${event.name ?? 'unknown'}' event payload has no pull_request.number or head.sha.`);
  }
  return { owner, repo, number: pull.number, headSha: pull.head.sha, fromFork: isFork(pull), ...(typeof pull.draft === 'boolean' ? { draft: pull.draft } : {}) };
}

function isFork(pull: NonNullable<PullRequestPayload['pull_request']>): boolean {
  const head = pull.head?.repo?.full_name;
  const base = pull.base?.repo?.full_name;
  return typeof head === 'string' && typeof base === 'string' && head !== base;
}
