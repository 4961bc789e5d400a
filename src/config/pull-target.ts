/**
 * The pull request a run reviews, as GitHub has it when the run starts: its head, its base (branch
 * and commit) and whether it is a draft. The event's payload is a record of the moment the event
 * was sent, and a run can start long after it: a re-run of an old event, a run queued behind
 * others, a pull request made ready, pushed to or retargeted since. So GitHub is asked, every
 * time, and the run goes by its answer: it reviews GitHub's head, reads the policy file at
 * GitHub's base, diffs against it, and skips a draft only when GitHub says it is one. When the
 * payload said otherwise, one line in the log says what differed.
 */
import { shortSha } from '../domain/object-name';
import type { PullRequestRef } from '../domain/pull-request';
import type { Logger } from '../domain/logger';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import { readPullRequest } from '../github/pull-head';
import type { PullRequestSnapshot } from '../github/pull-head';
import type { PullRequestTarget } from './event';

/** A pull request as this run reviews it: GitHub's state, read at `readAt`. */
export interface PullTarget {
  /** Pinned to GitHub's head commit. */
  pr: PullRequestRef;
  /** The base commit: the policy file is read here, and the diff starts from its merge base with the head. */
  baseSha: string;
  /** The base branch: a verdict holds against this base only. */
  baseRef: string;
  draft: boolean;
  /** The head lives in another repository (or one since deleted): the token is usually read-only. */
  fromFork: boolean;
  /** When GitHub's answer arrived, ms since the epoch: a verdict counts as recent as this read. */
  readAt: number;
}

/** GitHub's state of pull request `number` of `repository`, as the run's target. */
export function pullTargetOf(repository: { owner: string; repo: string }, number: number, pull: PullRequestSnapshot): PullTarget {
  const { owner, repo } = repository;
  const full = `${owner}/${repo}`.toLowerCase();
  return {
    pr: { owner, repo, number, headSha: pull.headSha },
    baseSha: pull.baseSha,
    baseRef: pull.baseRef,
    draft: pull.draft,
    fromFork: pull.headRepository === null || pull.headRepository.toLowerCase() !== full,
    readAt: pull.readAt,
  };
}

/** Reads the pull request from GitHub; logs one line when the event's payload says otherwise. */
export async function readPullTarget(octokit: GitHubClient, event: PullRequestTarget, log: { info(message: string): void }): Promise<PullTarget> {
  const target = pullTargetOf(event, event.number, await readPullRequest(octokit, event));
  const differences = payloadDifferences(event, target);
  if (differences !== undefined) log.info(differences);
  return target;
}

/**
 * `GitHub has #7 otherwise than the event's payload says; this run goes by GitHub: draft: true →
 * false; base: legacy (…) → main (…)`; undefined when the payload agrees, or says nothing.
 */
export function payloadDifferences(payload: PullRequestTarget, github: PullTarget): string | undefined {
  const differ: string[] = [];
  if (payload.draft !== undefined && payload.draft !== github.draft) differ.push(`draft: ${String(payload.draft)} → ${String(github.draft)}`);
  const baseMoved = (payload.baseRef !== undefined && payload.baseRef !== github.baseRef) || (payload.baseSha !== undefined && payload.baseSha.toLowerCase() !== github.baseSha.toLowerCase());
  if (baseMoved) differ.push(`base: ${describeBase(payload.baseRef, payload.baseSha)} → ${describeBase(github.baseRef, github.baseSha)}`);
  if (payload.headSha !== undefined && payload.headSha.toLowerCase() !== github.pr.headSha.toLowerCase()) {
    differ.push(`head: ${shortSha(payload.headSha)} → ${shortSha(github.pr.headSha)}`);
  }
  if (differ.length === 0) return undefined;
  return `GitHub has #${github.pr.number} otherwise than the event's payload says; this run goes by GitHub: ${differ.join('; ')}.`;
}

function describeBase(ref: string | undefined, sha: string | undefined): string {
  if (ref === undefined) return sha === undefined ? 'unknown' : shortSha(sha);
  return sha === undefined ? ref : `${ref} (${shortSha(sha)})`;
}

/**
 * Reads the pull request from GitHub while `early` works on what the payload says (through the
 * API, the source's first page of files; from a checkout, its diff), so that reading GitHub costs
 * the first review request no round trip when the payload is current. The work is kept when
 * GitHub has the payload's head and base commits, and handed to `drop` otherwise, or when the
 * read fails. What it logs is held until then: a dropped work says nothing (it would describe a
 * head or base the run does not review). A failure of the work is its awaiter's, not an
 * unhandled rejection meanwhile.
 */
export async function readPullTargetWhile<T>(
  octokit: GitHubClient,
  event: PullRequestTarget,
  log: Logger & GitHubLog,
  early: ((pr: PullRequestRef, baseSha: string, log: Logger & GitHubLog) => Promise<T>) | undefined,
  drop: (work: Promise<T>) => void,
): Promise<{ target: PullTarget; early?: Promise<T> }> {
  const { headSha, baseSha } = event;
  const pr = headSha === undefined ? undefined : { owner: event.owner, repo: event.repo, number: event.number, headSha };
  const held = heldLog(log);
  const work = early === undefined || pr === undefined || baseSha === undefined ? undefined : early(pr, baseSha, held.log);
  work?.catch(() => undefined);
  const dropped = (): void => {
    held.drop();
    if (work !== undefined) drop(work);
  };
  let target: PullTarget;
  try {
    target = await readPullTarget(octokit, event, log);
  } catch (error) {
    dropped();
    throw error;
  }
  if (work === undefined) return { target };
  if (target.pr.headSha === headSha && target.baseSha === baseSha) {
    held.keep();
    return { target, early: work };
  }
  dropped();
  return { target };
}

/** A log whose lines wait for `keep` (then written, in order, and every later one as it comes) or `drop` (then none is). */
function heldLog(log: Logger & GitHubLog): { log: Logger & GitHubLog; keep(): void; drop(): void } {
  let state: 'held' | 'kept' | 'dropped' = 'held';
  const lines: Array<() => void> = [];
  const line = (write: () => void): void => {
    if (state === 'kept') write();
    else if (state === 'held') lines.push(write);
  };
  return {
    log: {
      info: (message) => line(() => log.info(message)),
      warning: (message) => line(() => log.warning(message)),
      debug: (message) => line(() => log.debug(message)),
      group: (name, run) => (state === 'dropped' ? run() : log.group(name, run)),
    },
    keep: () => {
      state = 'kept';
      for (const write of lines.splice(0)) write();
    },
    drop: () => {
      state = 'dropped';
      lines.length = 0;
    },
  };
}
