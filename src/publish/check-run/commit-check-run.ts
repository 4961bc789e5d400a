/**
 * Writes a pull request's check run on its head commit so that it holds for every open pull
 * request headed by that commit (see verdict-records.ts for the record each check run carries).
 *
 * 1. The check runs of the name on the commit are listed (the upsert lists them anyway). Their
 *    records give each pull request's newest verdict. Another pull request's verdict counts only
 *    while it is still open with this commit as its head, which GitHub is asked (one request per
 *    such pull request, so none in the common case of one pull request per commit).
 * 2. The check run is written with the strictest conclusion. A check run another pull request's
 *    run wrote is never updated — a new one is created instead — so no run overwrites another's
 *    record; this run's own earlier check run is updated as before.
 * 3. Read back: GitHub's answer named the app the token writes as, so from here only that app's
 *    check runs count (when review-gate writes as a GitHub App, a workflow job's check run is
 *    another app's, whatever its name and marker). When the newest of them does not conclude, and is not titled, as the merge of all
 *    of them says — a racing run of another pull request wrote meanwhile — the merge is written
 *    again, a bounded number of times. Two racing runs converge: the one that wrote last sees the
 *    other's record.
 */
import { PullRequestNotFoundError, readPullRequest } from '../../github/pull-head';
import { shortSha } from '../../domain/object-name';
import { describeGitHubError } from '../../github/errors';
import { STRICTNESS, commitCheckContent, latestVerdicts } from './verdict-records';
import type { PullVerdict } from './verdict-records';
import { listOwnCheckRuns, newestOf, upsertCheckRun } from './upsert';
import type { CheckRunContent, CheckRunContext, CheckRunWritten, ListedCheckRun, Repository } from './upsert';

/** Writes after the first at most, each after a read back showed a racing run made the check stale. */
const MAX_REWRITES = 3;
/** Other pull requests checked against GitHub per run; past it a stricter verdict counts unchecked (fail closed). */
const MAX_CHECKED_PULLS = 10;

export interface CommitCheckDeps {
  /** When this run's verdict was decided, in ms since the epoch (default `Date.now`). */
  now?: () => number;
}

export type CommitCheckWritten =
  | (Extract<CheckRunWritten, { kind: 'written' }> & {
      /** What the check run concludes: this run's own verdict, or a stricter one of another pull request. */
      conclusion: CheckRunContent['conclusion'];
      /** The other pull requests whose verdict is stricter than this run's at the commit, by number. */
      heldBy: PullVerdict[];
    })
  | Extract<CheckRunWritten, { kind: 'read-only' }>;

export async function writeCommitCheckRun(
  context: CheckRunContext,
  repository: Repository,
  own: CheckRunContent,
  pr: number,
  deps: CommitCheckDeps = {},
): Promise<CommitCheckWritten> {
  const { log } = context;
  const verdict: PullVerdict = { pr, conclusion: own.conclusion, title: own.title, at: (deps.now ?? Date.now)() };
  const checked = new Map<number, Promise<boolean>>();

  /** Whether pull request `number` still counts at this commit: open, with it as its head. */
  const stillHere = (number: number): Promise<boolean> => {
    let answer = checked.get(number);
    if (answer === undefined) {
      answer = readPullRequest(context.octokit, { ...repository, number }).then(
        (pull) => {
          const here = pull.state === 'open' && pull.headSha === own.headSha;
          if (!here) {
            const why = pull.state === 'open' ? `its head moved to ${shortSha(pull.headSha)}` : 'it is closed';
            log?.info(`The verdict of #${number} recorded on ${shortSha(own.headSha)} no longer counts: ${why}`);
          }
          return here;
        },
        (error: unknown) => {
          if (error instanceof PullRequestNotFoundError) return false;
          // Unknown is not "gone": the stricter verdict stays (fail closed).
          log?.warning(`Could not check whether #${number} is still open at ${shortSha(own.headSha)} (${describeGitHubError(error)}); its verdict there counts`);
          return true;
        },
      );
      checked.set(number, answer);
    }
    return answer;
  };

  /**
   * The content for the commit, from the records of `runs` and this run's verdict. Other pull
   * requests are checked strictest first; past the bound, only a stricter verdict still counts.
   */
  async function merged(runs: readonly ListedCheckRun[]): Promise<{ content: CheckRunContent; heldBy: PullVerdict[] }> {
    const others = [...latestVerdicts(runs).values()]
      .filter((v) => v.pr !== pr)
      .sort((a, b) => STRICTNESS[b.conclusion] - STRICTNESS[a.conclusion] || a.pr - b.pr);
    const kept: PullVerdict[] = [];
    for (const [i, other] of others.entries()) {
      const counts = i < MAX_CHECKED_PULLS ? await stillHere(other.pr) : STRICTNESS[other.conclusion] > STRICTNESS[own.conclusion];
      if (counts) kept.push(other);
    }
    const heldBy = kept.filter((v) => STRICTNESS[v.conclusion] > STRICTNESS[own.conclusion]).sort((a, b) => a.pr - b.pr);
    return { content: commitCheckContent(own, verdict, kept.sort((a, b) => a.pr - b.pr)), heldBy };
  }

  /** A check run this pull request's runs wrote may be updated; another's never. */
  const ours = (run: ListedCheckRun): boolean => latestVerdicts([run]).has(pr);

  const before = await listOwnCheckRuns(context, repository, own.name, own.headSha);
  let written = await upsertCheckRun(context, repository, (await merged(before)).content, { listed: before, reusable: ours });
  if (written.kind === 'read-only') return written;
  const app = written.appId;
  const sameApp = (run: ListedCheckRun): boolean => app === undefined || run.appId === app;

  for (let rewrites = 0; ; rewrites++) {
    const listed = (await listOwnCheckRuns(context, repository, own.name, own.headSha)).filter(sameApp);
    const { content, heldBy } = await merged(listed);
    const newest = newestOf(listed);
    // None listed: GitHub does not show the write yet; writing again would only add a copy.
    if (newest === undefined || (newest.conclusion === content.conclusion && newest.title === content.title)) {
      return { ...written, conclusion: content.conclusion, heldBy };
    }
    if (rewrites >= MAX_REWRITES) {
      log?.warning(
        `The check run '${own.name}' on ${shortSha(own.headSha)} still changed under racing runs after ${MAX_REWRITES} rewrites; ` +
          `by the verdicts recorded there it concludes ${content.conclusion}`,
      );
      return { ...written, conclusion: content.conclusion, heldBy };
    }
    log?.info(`Another run wrote the check run '${own.name}' on ${shortSha(own.headSha)} meanwhile; writing the verdicts of both (${content.conclusion})`);
    written = await upsertCheckRun(context, repository, content, { listed, considered: sameApp, reusable: ours });
    if (written.kind === 'read-only') return written;
  }
}
