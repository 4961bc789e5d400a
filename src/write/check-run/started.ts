/**
 * A run marks its check `in_progress` on the head before it sends its first review request: the
 * newest check run of the name is then this one, and branch protection waits for it, whatever an
 * earlier run concluded there (a draft's `neutral`, which branch protection lets through, a success
 * of the head against another base). The run's final write completes this same check run
 * (upsert.ts, `started`), as does the write of a run that stops, so none is left `in_progress`
 * behind a run that ended; one whose run died is marked `stale` by GitHub after 14 days, which
 * does not pass either.
 *
 * GitHub creates a check run `in_progress` when told so (without a conclusion), and moves it to
 * `completed` when a conclusion comes; a completed check run never goes back to `in_progress`, so
 * each run starts a new one rather than reopening an earlier one.
 *
 * A pull request's check run records that its run started (a `pending` verdict record): runs of
 * other pull requests at the same commit then know it is not judged yet (verdict-fold.ts). A merge
 * group's carries no record, as its completed one carries none.
 */
import { describeError } from '../../domain/errors';
import type { Logger } from '../../domain/logger';
import { shortSha } from '../../domain/object-name';
import { isMergeGroup } from '../../domain/pull-request';
import type { ReviewTarget } from '../../domain/pull-request';
import { isWriteRefused, requestStatus } from '../../github/errors';
import type { CheckRunTarget } from '../../render/check-run';
import { CHECK_RUN_EXTERNAL_ID, listOwnCheckRuns } from './listed';
import type { CheckRunContext } from './listed';
import type { StartedCheckRun } from './upsert';
import { verdictRecord } from './verdict-records';
import type { VerdictFacts } from './verdict-records';

/** The check run's title while its run reviews. */
export function inProgressTitle(target: ReviewTarget): string {
  return isMergeGroup(target) ? 'In progress: reviewing the merge group' : `In progress: reviewing #${target.number}`;
}

/** The summary of the check run in progress, ending with the `pending` record of a pull request's run. */
export function inProgressSummary(target: ReviewTarget, startedAt: number, facts: VerdictFacts | undefined): string {
  const when = new Date(startedAt).toISOString();
  const what = isMergeGroup(target) ? 'the merge group' : `#${target.number}${facts?.base === undefined ? '' : ` against \`${facts.base}\``}`;
  const lines = [
    `## ⏳ In progress: review-gate is reviewing ${what} at \`${shortSha(target.headSha)}\``,
    '',
    `Started at ${when}. This check concludes when the run ends; until then it does not pass, whatever an earlier run concluded at this commit.`,
  ];
  if (isMergeGroup(target) || facts === undefined) return `${lines.join('\n')}\n`;
  const record = verdictRecord({ pr: target.number, conclusion: 'failure', title: `Review in progress since ${when}`, at: startedAt, ...facts, pending: true });
  return `${[...lines, '', record].join('\n')}\n`;
}

/**
 * Creates the check run `in_progress`; undefined when it could not (a token that may not write
 * checks, GitHub's refusal, no answer): the final write then goes the usual way. Never throws.
 */
export async function startCheckRun(
  context: CheckRunContext,
  target: ReviewTarget,
  check: CheckRunTarget,
  facts: VerdictFacts | undefined,
  log: Logger,
  now: () => number = Date.now,
): Promise<StartedCheckRun | undefined> {
  const repository = { owner: target.owner, repo: target.repo };
  const summary = inProgressSummary(target, now(), facts);
  try {
    const { data } = await context.gate.run(() =>
      context.octokit.rest.checks.create({
        ...repository,
        name: check.name,
        head_sha: target.headSha,
        status: 'in_progress',
        external_id: CHECK_RUN_EXTERNAL_ID,
        ...(check.detailsUrl === undefined ? {} : { details_url: check.detailsUrl }),
        output: { title: inProgressTitle(target), summary },
        // Not resent blindly: a lost answer is settled by listing (below).
        request: { retries: 0 },
      }),
    );
    return { id: data.id, url: data.html_url ?? undefined, appId: data.app?.id };
  } catch (error) {
    if (isWriteRefused(error)) return undefined;
    const status = requestStatus(error);
    if (status !== undefined && status < 500) {
      log.warning(`The check run '${check.name}' could not be marked in progress on ${shortSha(target.headSha)} (${describeError(error)}); it is written when the run ends`);
      return undefined;
    }
    return await foundAfterLostAnswer(context, target, check, summary, log);
  }
}

/** The check run a creation whose answer was lost made, found by its summary (its start time in ms); undefined when none landed. */
async function foundAfterLostAnswer(context: CheckRunContext, target: ReviewTarget, check: CheckRunTarget, summary: string, log: Logger): Promise<StartedCheckRun | undefined> {
  try {
    const landed = (await listOwnCheckRuns(context, { owner: target.owner, repo: target.repo }, check.name, target.headSha)).find(
      (run) => run.status === 'in_progress' && run.summary === summary,
    );
    if (landed !== undefined) return { id: landed.id, url: landed.url, appId: landed.appId };
  } catch (error) {
    log.warning(`Could not check whether the check run '${check.name}' was marked in progress on ${shortSha(target.headSha)} (${describeError(error)})`);
    return undefined;
  }
  log.warning(`GitHub did not answer when the check run '${check.name}' was marked in progress on ${shortSha(target.headSha)}; it is written when the run ends`);
  return undefined;
}
