/**
 * Which pull request this run is about, from the Actions event (read by @actions/github's
 * `context`): the payload of `pull_request` and `pull_request_target`, else the `pr-number` input.
 */
import type { RunnerEnvironment } from './environment';

export interface PullRequestTarget {
  owner: string;
  repo: string;
  number: number;
  /** Known from a pull_request payload; otherwise read from the API. */
  headSha?: string;
  /** The head lives in another repository: the token is usually read-only. */
  fromFork: boolean;
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

export function resolvePullRequest(event: ActionEvent, prNumberInput: number | undefined): PullRequestTarget {
  const [owner, repo, ...rest] = event.repository.split('/');
  if (owner === undefined || owner === '' || repo === undefined || repo === '' || rest.length > 0) {
    throw new EventError(`Invalid GITHUB_REPOSITORY '${event.repository}'. Expected format {owner}/{repo}.`);
  }

  const payload: PullRequestPayload = typeof event.payload === 'object' && event.payload !== null ? event.payload : {};
  const pull = payload.pull_request;
  if (prNumberInput !== undefined) {
    const sameAsEvent = pull !== undefined && pull.number === prNumberInput;
    return {
      owner,
      repo,
      number: prNumberInput,
      ...(sameAsEvent && typeof pull.head?.sha === 'string' ? { headSha: pull.head.sha } : {}),
      fromFork: sameAsEvent ? isFork(pull) : false,
    };
  }
  if (pull === undefined) {
    throw new EventError(
      `The '${event.name ?? 'unknown'}' event carries no pull request. Run on pull_request or pull_request_target, or set the pr-number input.`,
    );
  }
  if (typeof pull.number !== 'number' || typeof pull.head?.sha !== 'string') {
    throw new EventError(`The '${event.name ?? 'unknown'}' event payload has no pull_request.number or head.sha.`);
  }
  return { owner, repo, number: pull.number, headSha: pull.head.sha, fromFork: isFork(pull) };
}

function isFork(pull: NonNullable<PullRequestPayload['pull_request']>): boolean {
  const head = pull.head?.repo?.full_name;
  const base = pull.base?.repo?.full_name;
  return typeof head === 'string' && typeof base === 'string' && head !== base;
}
