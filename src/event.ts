/**
 * Which pull request this run is about, from the Actions environment: the event payload for
 * `pull_request` and `pull_request_target`, else the `pr-number` input.
 */
import { readFileSync } from 'node:fs';

export interface PullRequestTarget {
  owner: string;
  repo: string;
  number: number;
  /** Known from a pull_request payload; otherwise read from the API. */
  headSha?: string;
  /** The head lives in another repository: the token is usually read-only. */
  fromFork: boolean;
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

export function resolvePullRequest(env: NodeJS.ProcessEnv, prNumberInput: number | undefined): PullRequestTarget {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const [owner, repo, ...rest] = repository.split('/');
  if (owner === undefined || owner === '' || repo === undefined || repo === '' || rest.length > 0) {
    throw new EventError(`Invalid GITHUB_REPOSITORY '${repository}'. Expected format {owner}/{repo}.`);
  }

  const payload = readPayload(env.GITHUB_EVENT_PATH);
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
    const event = env.GITHUB_EVENT_NAME ?? 'unknown';
    throw new EventError(
      `The '${event}' event carries no pull request. Run on pull_request or pull_request_target, or set the pr-number input.`,
    );
  }
  if (typeof pull.number !== 'number' || typeof pull.head?.sha !== 'string') {
    throw new EventError(`The event payload at '${env.GITHUB_EVENT_PATH ?? ''}' has no pull_request.number or head.sha.`);
  }
  return { owner, repo, number: pull.number, headSha: pull.head.sha, fromFork: isFork(pull) };
}

function isFork(pull: NonNullable<PullRequestPayload['pull_request']>): boolean {
  const head = pull.head?.repo?.full_name;
  const base = pull.base?.repo?.full_name;
  return typeof head === 'string' && typeof base === 'string' && head !== base;
}

function readPayload(path: string | undefined): PullRequestPayload {
  if (path === undefined || path === '') return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new EventError(`Cannot read the event payload at '${path}': ${(error as Error).message}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed) : {};
  } catch {
    throw new EventError(`The event payload at '${path}' is not valid JSON.`);
  }
}
