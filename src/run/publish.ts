/**
 * Publishing the verdict: every surface is written from the one decided run, in a fixed order, so
 * none can contradict another and each later one can say how the earlier writes ended:
 *
 * 1. the walkthrough (when asked for), shown atop the summary;
 * 2. the summary comment on the pull request (none for a merge group: there is no pull request);
 * 3. the check run on the reviewed commit, whose summary says how the comment's write ended;
 * 4. the entry point's own surfaces, in the order given: the runner's job summary, outputs, SARIF
 *    file, annotations and final line (action/runner.ts), or the terminal's report and
 *    files (cli/review-report.ts).
 *
 * The action and the terminal share this function; each passes the surfaces it has. Nothing here
 * changes the verdict: a write that fails is an outcome the later surfaces show. The exit status
 * follows from the verdict alone (exit-status.ts).
 */
import type { Logger } from '../domain/logger';
import { isMergeGroup } from '../domain/pull-request';
import type { PublishedRun, RunReport, WalkthroughOutcome } from '../domain/run-report';
import type { CheckRunReport, ReviewPublisher, SummaryReport } from '../domain/writes';
import { checkRunContent } from '../render/check-run';
import type { CheckRunTarget } from '../render/check-run';
import type { CheckRunContent } from '../domain/check-run';
import { postSummary } from './summary-comment';
import { renderCheckRunSummary, renderRunSummary } from '../render/summary/run-summary';
import type { CompleteText } from './walkthrough';

/** A surface written last, from the whole published run. */
export type Outlet = (run: PublishedRun) => Promise<void>;

export interface VerdictSurfaces {
  log: Logger;
  /** Asks the completion service for the walkthrough (input `walkthrough`); absent: none. */
  walkthrough?: CompleteText;
  /** Writes the summary comment; absent in a dry run and in the terminal. */
  summaryComment?: Pick<ReviewPublisher, 'upsertSummary'>;
  /** Writes the check run; absent when `check-run` is off, in a dry run and in the terminal. */
  checkRun?: { target: CheckRunTarget; write(content: CheckRunContent): Promise<CheckRunReport> };
  outlets: readonly Outlet[];
}

export async function publishVerdict(report: RunReport, surfaces: VerdictSurfaces): Promise<PublishedRun> {
  const { log } = surfaces;
  const walkthrough = surfaces.walkthrough === undefined ? undefined : await walkthroughOf(report, surfaces.walkthrough, log);
  const shown = walkthrough === undefined ? report : { ...report, walkthrough };

  // A merge group has no pull request to comment on.
  const { pr } = report;
  const summary: SummaryReport =
    surfaces.summaryComment === undefined || isMergeGroup(pr)
      ? { kind: 'dry-run' }
      : await postSummary(surfaces.summaryComment, pr, report.posting, renderRunSummary(shown, 'comment'), log);
  const commented = { ...shown, summary };

  const { checkRun: check } = surfaces;
  const checkRun: CheckRunReport =
    check === undefined ? { kind: 'off' } : await check.write(checkRunContent(commented, (note) => renderCheckRunSummary(commented, note), check.target));
  const published: PublishedRun = { ...commented, checkRun };

  for (const outlet of surfaces.outlets) await outlet(published);
  return published;
}

async function walkthroughOf(report: RunReport, complete: CompleteText, log: Logger): Promise<WalkthroughOutcome | undefined> {
  // Nothing changed that the service saw: nothing to walk through.
  if (report.outcomes.length === 0) return undefined;
  return log.group('Write the walkthrough', async () => {
    const { writeWalkthrough } = await import('./walkthrough');
    const outcome = await writeWalkthrough(complete, report);
    log.info(outcome.kind === 'written' ? `Walkthrough written: ${outcome.text.length} characters.` : outcome.message);
    return outcome;
  });
}
