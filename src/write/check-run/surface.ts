/**
 * The check run of one run, as the entry point uses it: marked `in_progress` before the first
 * review request (`start`, once), then written with the verdict (`write`), or concluded `failure`
 * when the run stops before one (`stop`). Both complete the check run `start` created, so none is
 * left in progress behind a run that ended. Absent when `check-run` is off, or in a dry run.
 */
import type { Logger } from '../../domain/logger';
import { isMergeGroup } from '../../domain/pull-request';
import type { ReviewTarget } from '../../domain/pull-request';
import type { CheckRunReport } from '../../domain/writes';
import type { CheckRunTarget } from '../../render/check-run';
import type { CheckRunContext } from './listed';
import { startCheckRun } from './started';
import type { CheckRunContent, StartedCheckRun } from './upsert';
import { verdictRecord } from './verdict-records';
import type { VerdictFacts } from './verdict-records';

export interface CheckRunSurface {
  target: CheckRunTarget;
  /** Marks the check `in_progress` on the head; called again, it waits for the same write. Never throws. */
  start(): Promise<void>;
  write(content: CheckRunContent): Promise<CheckRunReport>;
  /**
   * Concludes the check of a run that stopped before a verdict. `answered`: false when GitHub gave
   * no answer in time; then only a check run this run started is concluded (one write, nothing
   * listed), so it is not left in progress. Never throws.
   */
  stop(content: CheckRunContent, answered: boolean): Promise<void>;
}

export function createCheckRunSurface(options: {
  context: CheckRunContext;
  log: Logger;
  target: ReviewTarget;
  check: CheckRunTarget;
  /** What a pull request's verdict rests on (for a merge group: ignored). */
  facts: VerdictFacts;
  /** Pull requests this run judges after this one, their checks started (commit-check-run.ts). */
  judgedNext?: ReadonlySet<number>;
  now?: () => number;
}): CheckRunSurface {
  const { context, log, target, check, facts } = options;
  const now = options.now ?? Date.now;
  let started: Promise<StartedCheckRun | undefined> | undefined;
  const startedRun = async (): Promise<StartedCheckRun | undefined> => started;
  const write = async (content: CheckRunContent): Promise<CheckRunReport> => {
    // Loaded when the run writes, not as it starts: the first review request does not wait for it.
    const [run, { publishCheckRun }] = await Promise.all([startedRun(), import('./write')]);
    const next = options.judgedNext === undefined ? {} : { judgedNext: options.judgedNext };
    return publishCheckRun(context, target, content, log, { facts, now, ...next, ...(run === undefined ? {} : { started: run }) });
  };
  return {
    target: check,
    start: async () => {
      started ??= startCheckRun(context, target, check, isMergeGroup(target) ? undefined : facts, log, now);
      await started;
    },
    write,
    stop: async (content, answered) => {
      const run = await startedRun();
      if (run === undefined) {
        if (answered) await write(content);
        return;
      }
      // A failure stands over every verdict at the commit, so nothing needs merging: the started
      // check run is completed with it, and with this run's record.
      const recorded = isMergeGroup(target)
        ? content
        : { ...content, summary: `${content.summary.trimEnd()}\n\n${verdictRecord({ pr: target.number, conclusion: content.conclusion, title: content.title, at: now(), ...facts, pending: false })}\n` };
      try {
        const { upsertCheckRun } = await import('./upsert');
        await upsertCheckRun(context, { owner: target.owner, repo: target.repo }, recorded, { started: run });
      } catch (error) {
        log.warning(`The check run this run started could not be concluded: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
