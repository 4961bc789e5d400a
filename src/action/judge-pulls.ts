/**
 * The pull requests one step judges: the one a pull-request event names, or every open one the
 * head of a `workflow_run` event heads (config/head-pulls.ts), each against its own base and
 * policy. A draft is skipped when `skip-drafts` is on (skipped-draft.ts); every other one is
 * reviewed and published by the entry point's `review`.
 *
 * With several: every check is marked in progress before any of them is reviewed (they share the
 * head's check, and none may pass it while another is still to be judged); the answers of the
 * service are shared, so a content they both change costs one request; one that stops with an
 * error does not keep the others from being judged; and the step's outputs and conclusion are
 * written once, for all of them (several-pulls.ts).
 */
import type { PullTarget } from '../config/pull-target';
import type { Logger } from '../domain/logger';
import { shortSha } from '../domain/object-name';
import type { PublishedRun } from '../domain/run-report';
import { shareAnswers } from '../review/shared-answers';
import type { SharedAnswers } from '../review/shared-answers';
import type { CheckRunSurface } from '../write/check-run/surface';
import type { VerdictFacts } from '../write/check-run/verdict-records';
import type { ActionsIo } from './io';
import { concludeSeveral } from './several-pulls';
import type { PullOutcome } from './several-pulls';

/** How a pull request is reviewed when it is one of several the step judges. */
export interface AmongSeveral {
  oneOfSeveral: true;
  shared: SharedAnswers;
}

export interface JudgeSteps {
  io: ActionsIo;
  log: Logger;
  skipDrafts: boolean;
  /** `dry-run`: nothing is posted, so the fork's read-only token is no news. */
  dryRun: boolean;
  hasJobSummary: boolean;
  /** The check run of `pull`, unless `check-run` is off or it is a dry run. */
  checkRun(pull: PullTarget, facts: VerdictFacts, judgedNext: ReadonlySet<number>): CheckRunSurface | undefined;
  /** Reviews `pull` and publishes its verdict; throws when it stops before one (its check says why). */
  review(pull: PullTarget, checkRun: CheckRunSurface | undefined, several: AmongSeveral | undefined): Promise<PublishedRun>;
  /** For the step's outputs, SARIF file and conclusion when there are several. */
  conclude: Parameters<typeof concludeSeveral>[2];
}

export async function judgePulls(pulls: readonly PullTarget[], steps: JudgeSteps): Promise<void> {
  const { io, log } = steps;
  const several = pulls.length > 1;
  if (several) io.info(`${shortSha(pulls[0]?.pr.headSha ?? '')} is the head of ${pulls.length} open pull requests (${pulls.map((p) => `#${p.pr.number}`).join(', ')}): each is judged.`);
  const skips = (pull: PullTarget): boolean => steps.skipDrafts && pull.draft;
  const judgedAfter = (i: number): Set<number> => new Set(pulls.slice(i + 1).flatMap((p) => (skips(p) ? [] : [p.pr.number])));
  const checks = pulls.map((pull, i) => steps.checkRun(pull, { reviewed: !skips(pull), base: pull.baseRef, read: pull.readAt }, judgedAfter(i)));
  if (several) await Promise.all(checks.flatMap((check, i) => (check === undefined || skips(pulls[i] as PullTarget) ? [] : [check.start()])));
  const among: AmongSeveral | undefined = several ? { oneOfSeveral: true, shared: shareAnswers() } : undefined;
  const outcomes: PullOutcome[] = [];
  for (const [i, pull] of pulls.entries()) {
    const { pr } = pull;
    const checkRun = checks[i];
    if (skips(pull)) {
      const { publishSkippedDraft } = await import('./skipped-draft');
      await publishSkippedDraft({ pr, io, log, checkRun, hasJobSummary: steps.hasJobSummary });
      continue;
    }
    io.info(`Reviewing ${pr.owner}/${pr.repo}#${pr.number} at ${shortSha(pr.headSha)}, against ${pull.baseRef} (${shortSha(pull.baseSha)})`);
    if (pull.fromFork && !steps.dryRun) io.info('This pull request comes from a fork: if the token cannot write, findings are reported as annotations.');
    try {
      outcomes.push({ number: pr.number, published: await steps.review(pull, checkRun, among) });
    } catch (error) {
      if (!several) throw error;
      io.error(`#${pr.number} could not be judged: ${steps.conclude.stopMessage(error)}`);
      outcomes.push({ number: pr.number, stopped: error });
    }
  }
  if (several) await concludeSeveral(io, outcomes, steps.conclude);
}
