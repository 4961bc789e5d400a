/**
 * What this run reviews, from the Actions event (GITHUB_EVENT_NAME and the payload file): a pull
 * request (the payload of `pull_request` and `pull_request_target`, else the `pr-number` input),
 * the open pull requests a `workflow_run` event's head heads (the two-stage set-up for forks),
 * or a merge group of the merge queue (`merge_group`), reviewed as `base_sha...head_sha`.
 *
 * What a pull request's payload says of its head, base and draft state is kept only to be
 * compared with GitHub's answer at run time (config/pull-target.ts), which the run goes by.
 */
import type { MergeGroupRef } from '../domain/pull-request';
import type { RunnerEnvironment } from './environment';
import { quoteValue } from '../domain/quote-value';
import { EventError } from './event-error';
import { workflowRunHead } from './workflow-run';
import type { WorkflowRunHead } from './workflow-run';

export { EventError } from './event-error';

export interface PullRequestTarget {
  owner: string;
  repo: string;
  number: number;
  /** What the event's payload says (`pull_request.head.sha`); the run reviews GitHub's head. */
  headSha?: string;
  /** The head lives in another repository: the token is usually read-only. */
  fromFork: boolean;
  /** What the event's payload says (`pull_request.draft`); the run goes by GitHub's. */
  draft?: boolean;
  /** What the event's payload says of the base (`pull_request.base`); the run goes by GitHub's. */
  baseRef?: string;
  baseSha?: string;
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

interface PullRequestPayload {
  action?: unknown;
  /** Sent with `edited`: what the edit changed, each as `{ from }` (`base` for a retarget). */
  changes?: unknown;
  pull_request?: {
    number?: unknown;
    head?: { sha?: unknown; repo?: { full_name?: unknown } | null };
    base?: { sha?: unknown; ref?: unknown; repo?: { full_name?: unknown } };
    draft?: unknown;
  };
}

/**
 * The event of this run (GITHUB_EVENT_NAME and the payload file), read by @actions/github's
 * `Context` when the run asks for it. The module's own `context` is made once, as it loads, for
 * the first run of the process: each run makes a `Context` of its own, so a second run in the same
 * process (@github/local-action, the in-process tests) reads its own event, not the first one's.
 * As `Context` does, a payload file that is not set or not there reads as `{}`. The module is
 * imported here, not at the top of the bundle, so a broken payload ends as a clear error.
 */
export async function readActionEvent(runner: Pick<RunnerEnvironment, 'repository' | 'eventPath'>): Promise<ActionEvent> {
  try {
    const { context } = await import(/* webpackMode: "eager" */ '@actions/github');
    const RunContext = context.constructor as new () => typeof context;
    const own = new RunContext();
    return { name: own.eventName, repository: runner.repository, payload: own.payload };
  } catch (error) {
    const why = error instanceof SyntaxError ? 'it is not valid JSON' : error instanceof Error ? error.message : String(error);
    throw new EventError(`Cannot read the event payload at '${runner.eventPath}': ${why}.`);
  }
}

/** The open pull requests whose head a `workflow_run` event's head is; `pr-number`, when given, must be one of them. */
export interface WorkflowRunTarget {
  owner: string;
  repo: string;
  head: WorkflowRunHead;
  /** The `pr-number` input (the first stage's artifact), when given. */
  named?: number;
}

/** What the event asks the run to review, or why it asks for nothing. */
export type EventTarget =
  | ({ kind: 'pull-request' } & PullRequestTarget)
  | ({ kind: 'workflow-run' } & WorkflowRunTarget)
  | { kind: 'merge-group'; group: MergeGroupRef }
  | { kind: 'nothing'; reason: string };

export const MERGE_GROUP_EVENT = 'merge_group';
export const WORKFLOW_RUN_EVENT = 'workflow_run';
const PULL_REQUEST_EVENTS: ReadonlySet<string> = new Set(['pull_request', 'pull_request_target']);
/** The one action of `merge_group` that asks for checks. */
const CHECKS_REQUESTED = 'checks_requested';
const COMMIT_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** The queue's branch for an entry: `gh-readonly-queue/<base branch>/pr-<number>-<head sha>`. */
const QUEUE_REF = /(?:^|\/)gh-readonly-queue\/.+\/pr-(\d+)-[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The `pr-number` input names a pull request whatever the event (on `workflow_run`, one of those
 * the event's head heads); otherwise the event decides.
 */
export function resolveReviewTarget(event: ActionEvent, prNumberInput: number | undefined): EventTarget {
  if (event.name === MERGE_GROUP_EVENT && prNumberInput === undefined) return resolveMergeGroup(event);
  if (event.name === WORKFLOW_RUN_EVENT) {
    // The artifact is the fork's to write, or to leave out: the event's head decides what is judged.
    return { kind: 'workflow-run', ...repositoryOf(event), head: workflowRunHead(event.payload), ...(prNumberInput === undefined ? {} : { named: prNumberInput }) };
  }
  const target = resolvePullRequest(event, prNumberInput);
  const edit = editWithoutRetarget(event, target.number);
  return edit === undefined ? { kind: 'pull-request', ...target } : { kind: 'nothing', reason: edit };
}

/**
 * Why an `edited` event of the pull request has nothing to review: only a new base changes what
 * is judged (its diff, its policy file), and GitHub says so in `changes.base`. A title or body
 * edit leaves the check on the head as it is. Undefined when the event is not such an edit.
 */
function editWithoutRetarget(event: ActionEvent, number: number): string | undefined {
  const payload: PullRequestPayload = typeof event.payload === 'object' && event.payload !== null ? event.payload : {};
  if (event.name === undefined || !PULL_REQUEST_EVENTS.has(event.name) || payload.action !== 'edited' || payload.pull_request?.number !== number) return undefined;
  const changes = typeof payload.changes === 'object' && payload.changes !== null ? (payload.changes as Record<string, unknown>) : {};
  if (changes.base !== undefined) return undefined;
  const what = Object.keys(changes);
  return (
    `the pull request was edited (${what.length === 0 ? 'nothing GitHub named' : what.join(', ')}), not retargeted: ` +
    'its base is unchanged, so the check on its head stands'
  );
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
    return { owner, repo, number: prNumberInput, ...(sameAsEvent ? payloadSays(pull) : {}), fromFork: sameAsEvent ? isFork(pull) : false };
  }
  if (pull === undefined) {
    throw new EventError(
      `The '${event.name ?? 'unknown'}' event carries no pull request. Run on pull_request, pull_request_target or merge_group, or set the pr-number input.`,
    );
  }
  if (typeof pull.number !== 'number' || typeof pull.head?.sha !== 'string') {
    throw new EventError(`The '${event.name ?? 'unknown'}' event payload has no pull_request.number or head.sha.`);
  }
  return { owner, repo, number: pull.number, ...payloadSays(pull), headSha: pull.head.sha, fromFork: isFork(pull) };
}

/** What the payload says of the pull request's head, base and draft state, where it says it. */
function payloadSays(pull: NonNullable<PullRequestPayload['pull_request']>): Pick<PullRequestTarget, 'headSha' | 'draft' | 'baseRef' | 'baseSha'> {
  const { head, base, draft } = pull;
  return {
    ...(typeof head?.sha === 'string' ? { headSha: head.sha } : {}),
    ...(typeof draft === 'boolean' ? { draft } : {}),
    ...(typeof base?.ref === 'string' ? { baseRef: base.ref } : {}),
    ...(typeof base?.sha === 'string' ? { baseSha: base.sha } : {}),
  };
}

function isFork(pull: NonNullable<PullRequestPayload['pull_request']>): boolean {
  const head = pull.head?.repo?.full_name;
  const base = pull.base?.repo?.full_name;
  return typeof head === 'string' && typeof base === 'string' && head !== base;
}
