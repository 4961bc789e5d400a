/**
 * Writes a pull request's check run on its head commit so that it holds for every open pull
 * request headed by that commit (see verdict-records.ts for the record each check run carries).
 *
 * 1. The check runs of the name on the commit are listed (the upsert lists them anyway). Their
 *    records, with this run's own verdict as the newest, give the verdict that stands for each
 *    pull request (verdict-fold.ts): this run's own, or an earlier failure of its pull request it
 *    does not replace. Another pull request's verdict counts only while it is still open with this
 *    commit as its head, which GitHub is asked (one request per such pull request, so none in the
 *    common case of one pull request per commit); a passing one counts only against the base that
 *    pull request has now, else it is not judged there.
 * 2. The check run is written with the strictest conclusion: the one this run started
 *    `in_progress` (started.ts) is completed with it. Without one, a check run another pull
 *    request's run wrote is never updated — a new one is created instead — so no run overwrites
 *    another's record; this run's own earlier check run is updated as before.
 * 3. Read back: GitHub's answer named the app the token writes as, so from here only that app's
 *    check runs count (when review-gate writes as a GitHub App, a workflow job's check run is
 *    another app's, whatever its name and marker). When the newest of them does not conclude, and is not titled, as the merge of all
 *    of them says — a racing run of another pull request wrote meanwhile — the merge is written
 *    again, a bounded number of times. Two racing runs converge: the one that wrote last sees the
 *    other's record.
 */
import { PullRequestNotFoundError, readPullRequest } from '../../github/pull-head';
import type { PullRequestSnapshot } from '../../github/pull-head';
import { shortSha } from '../../domain/object-name';
import { describeGitHubError } from '../../github/errors';
import { commitCheckContent } from './commit-check-content';
import { latestVerdicts } from './verdict-fold';
import { STRICTNESS, readVerdictRecord } from './verdict-records';
import type { PullVerdict, VerdictFacts } from './verdict-records';
import { listOwnCheckRuns, newestOf, upsertCheckRun } from './upsert';
import type { CheckRunContent, CheckRunContext, CheckRunWritten, ListedCheckRun, Repository, StartedCheckRun } from './upsert';

/** Writes after the first at most, each after a read back showed a racing run made the check stale. */
const MAX_REWRITES = 3;
/** Other pull requests checked against GitHub per run; past it a stricter verdict counts unchecked (fail closed). */
const MAX_CHECKED_PULLS = 10;

export interface CommitCheckDeps {
  /** When this run's verdict was decided, in ms since the epoch (default `Date.now`). */
  now?: () => number;
  /** The check run this run started `in_progress`: the first write completes it. */
  started?: StartedCheckRun;
  /**
   * Pull requests this same run judges next, whose check runs it started: one of theirs, still in
   * progress, may be the newest, and is no racing run — its write comes next, with every verdict.
   */
  judgedNext?: ReadonlySet<number>;
}

export type CommitCheckWritten =
  | (Extract<CheckRunWritten, { kind: 'written' }> & {
      /** What the check run concludes: this run's own verdict, or a stricter one standing there. */
      conclusion: CheckRunContent['conclusion'];
      /** The other pull requests whose verdict is stricter than this run's at the commit, by number. */
      heldBy: PullVerdict[];
      /** This run's verdict, and the earlier one of its pull request that it does not replace, which stands. */
      earlier?: { verdict: PullVerdict; standing: PullVerdict };
    })
  | Extract<CheckRunWritten, { kind: 'read-only' }>;

/** The pull request whose run writes, and what its verdict rests on. */
export type VerdictOwner = { pr: number } & VerdictFacts;

export async function writeCommitCheckRun(
  context: CheckRunContext,
  repository: Repository,
  own: CheckRunContent,
  owner: VerdictOwner,
  deps: CommitCheckDeps = {},
): Promise<CommitCheckWritten> {
  const { log } = context;
  const { pr } = owner;
  const verdict: PullVerdict = { ...owner, conclusion: own.conclusion, title: own.title, at: (deps.now ?? Date.now)(), pending: false };
  const stillHere = openAtHead(context, repository, own.headSha);

  /**
   * The content for the commit, from the records of `runs` and this run's verdict. Other pull
   * requests are checked strictest first; past the bound, only a stricter verdict still counts.
   */
  async function merged(runs: readonly ListedCheckRun[]): Promise<{ content: CheckRunContent; heldBy: PullVerdict[]; earlier?: { verdict: PullVerdict; standing: PullVerdict } }> {
    const latest = latestVerdicts(runs, verdict);
    const standing = latest.get(pr) ?? verdict;
    const others = [...latest.values()]
      .filter((v) => v.pr !== pr)
      .sort((a, b) => STRICTNESS[b.conclusion] - STRICTNESS[a.conclusion] || a.pr - b.pr);
    const kept: PullVerdict[] = [];
    for (const [i, other] of others.entries()) {
      if (i >= MAX_CHECKED_PULLS) {
        if (STRICTNESS[other.conclusion] > STRICTNESS[standing.conclusion]) kept.push(other);
        continue;
      }
      const pull = await stillHere(other.pr);
      if (pull === 'gone') continue;
      kept.push(pull === 'unknown' ? other : againstItsBase(other, pull));
    }
    const heldBy = kept.filter((v) => STRICTNESS[v.conclusion] > STRICTNESS[own.conclusion]).sort((a, b) => a.pr - b.pr);
    const content = commitCheckContent(own, verdict, standing, kept.sort((a, b) => a.pr - b.pr));
    return { content, heldBy, ...(standing === verdict ? {} : { earlier: { verdict, standing } }) };
  }

  const nextInRun = (run: ListedCheckRun): boolean => {
    const record = readVerdictRecord(run.summary);
    return run.status === 'in_progress' && record?.pending === true && (deps.judgedNext?.has(record.pr) ?? false);
  };

  /**
   * A check run may be updated only when its record is this pull request's, its run is over, and
   * dropping its record changes nothing that stands: a record is the history the next run decides
   * from (a reviewed failure a skip must not replace, say), never overwritten while it counts.
   * Otherwise a new check run is created, and becomes the newest.
   */
  const reusable = (runs: readonly ListedCheckRun[]) => (run: ListedCheckRun): boolean => {
    if (run.status !== 'completed' || !latestVerdicts([run]).has(pr)) return false;
    const standing = (from: readonly ListedCheckRun[]): string => JSON.stringify(latestVerdicts(from, verdict).get(pr));
    return standing(runs.filter((other) => other.id !== run.id)) === standing(runs);
  };

  const before = await listOwnCheckRuns(context, repository, own.name, own.headSha);
  const first = await merged(before);
  let written = await upsertCheckRun(context, repository, first.content, { listed: before, reusable: reusable(before), ...(deps.started === undefined ? {} : { started: deps.started }) });
  if (written.kind === 'read-only') return written;
  const app = written.appId;
  const sameApp = (run: ListedCheckRun): boolean => app === undefined || run.appId === app;

  for (let rewrites = 0; ; rewrites++) {
    const listed = (await listOwnCheckRuns(context, repository, own.name, own.headSha)).filter(sameApp);
    const { content, ...held } = await merged(listed);
    const newest = newestOf(listed);
    // None listed: GitHub does not show the write yet; writing again would only add a copy.
    if (newest === undefined || (newest.status === 'completed' && newest.conclusion === content.conclusion && newest.title === content.title) || nextInRun(newest)) {
      return { ...written, conclusion: content.conclusion, ...held };
    }
    if (rewrites >= MAX_REWRITES) {
      log?.warning(
        `The check run '${own.name}' on ${shortSha(own.headSha)} still changed under racing runs after ${MAX_REWRITES} rewrites; ` +
          `by the verdicts recorded there it concludes ${content.conclusion}`,
      );
      return { ...written, conclusion: content.conclusion, ...held };
    }
    log?.info(`Another run wrote the check run '${own.name}' on ${shortSha(own.headSha)} meanwhile; writing the verdicts of both (${content.conclusion})`);
    written = await upsertCheckRun(context, repository, content, { listed, considered: sameApp, reusable: reusable(listed) });
    if (written.kind === 'read-only') return written;
  }
}

/**
 * Whether a pull request still counts at the commit: `gone` when it is closed, pushed to since or
 * not found; `unknown` when GitHub could not say (its stricter verdict then stays: fail closed);
 * else GitHub's pull request. Each pull request is asked once per run.
 */
function openAtHead(context: CheckRunContext, repository: Repository, headSha: string): (number: number) => Promise<PullRequestSnapshot | 'gone' | 'unknown'> {
  const { log } = context;
  const checked = new Map<number, Promise<PullRequestSnapshot | 'gone' | 'unknown'>>();
  return (number) => {
    let answer = checked.get(number);
    if (answer === undefined) {
      answer = readPullRequest(context.octokit, { ...repository, number }).then(
        (pull) => {
          if (pull.state === 'open' && pull.headSha === headSha) return pull;
          const why = pull.state === 'open' ? `its head moved to ${shortSha(pull.headSha)}` : 'it is closed';
          log?.info(`The verdict of #${number} recorded on ${shortSha(headSha)} no longer counts: ${why}`);
          return 'gone';
        },
        (error: unknown) => {
          if (error instanceof PullRequestNotFoundError) return 'gone';
          log?.warning(`Could not check whether #${number} is still open at ${shortSha(headSha)} (${describeGitHubError(error)}); its verdict there counts`);
          return 'unknown';
        },
      );
      checked.set(number, answer);
    }
    return answer;
  };
}

/**
 * A passing verdict holds only against the base it was judged against: a pull request retargeted
 * since (or whose record does not name its base) is not judged at its current base, and holds the
 * check like one whose review has not finished.
 */
function againstItsBase(verdict: PullVerdict, pull: PullRequestSnapshot): PullVerdict {
  if (verdict.pending || verdict.conclusion === 'failure' || verdict.base === pull.baseRef) return verdict;
  const was = verdict.base === undefined ? 'a base its record does not name' : verdict.base;
  return {
    ...verdict,
    conclusion: 'failure',
    pending: true,
    title: `Not judged against its current base ${pull.baseRef}: its verdict at this commit (${verdict.title}) was against ${was}`,
  };
}
