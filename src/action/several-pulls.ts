/**
 * One step, several pull requests: in the two-stage set-up a head can head more than one open pull
 * request, and every one of them is judged (config/head-pulls.ts). Each is published on its own —
 * its review, summary comment, check run, section of the job summary, annotations — while what the
 * step has only one of is written once, for all of them, after the last:
 *
 * - the outputs: `result` the strictest (a pull request whose run stopped counts as failed),
 *   `reasons` every pull request's reasons, each line led by its number (`#7: …`), the counts
 *   summed, `score` the lowest, `average-score` the average over every file reviewed;
 * - the SARIF file, holding the findings of all of them;
 * - the step's conclusion: it fails when any of them failed or could not be judged.
 */
import type { PublishedRun } from '../domain/run-report';
import { reasonTexts } from '../domain/verdict';
import type { GateVerdict } from '../domain/verdict';
import type { Settings } from '../config/settings';
import type { Redactor } from '../safety/redact';
import type { ActionsIo } from './io';

/** How one pull request of the step ended: published with a verdict, or stopped with an error. */
export type PullOutcome = { number: number; published: PublishedRun } | { number: number; stopped: unknown };

const ORDER: Readonly<Record<GateVerdict['result'], number>> = { passed: 0, neutral: 1, failed: 2 };

/** The step's outputs and conclusion for all of `outcomes`; the SARIF file when `sarif-file` is set. */
export async function concludeSeveral(
  io: ActionsIo,
  outcomes: readonly PullOutcome[],
  options: { settings: Pick<Settings, 'sarifFile'>; workspace: string; redactor: Redactor; stopMessage: (error: unknown) => string },
): Promise<void> {
  const runs = outcomes.flatMap((o) => ('published' in o ? [{ number: o.number, run: o.published }] : []));
  const stopped = outcomes.flatMap((o) => ('stopped' in o ? [{ number: o.number, message: options.stopMessage(o.stopped) }] : []));
  const result = stopped.length > 0 ? 'failed' : runs.reduce<GateVerdict['result']>((r, { run }) => (ORDER[run.verdict.result] > ORDER[r] ? run.verdict.result : r), 'passed');
  const reasons = [
    ...runs.flatMap(({ number, run }) => reasonTexts(run.verdict).map((reason) => `#${number}: ${reason}`)),
    ...stopped.map(({ number, message }) => `#${number}: ${message}`),
  ];
  const sum = (of: (run: PublishedRun) => number): number => runs.reduce((total, { run }) => total + of(run), 0);
  const files = (kind: string) => (run: PublishedRun): number => run.outcomes.filter((o) => o.kind === kind).length;
  const scored = runs.filter(({ run }) => run.verdict.lowestScore !== undefined);
  const reviewedScored = scored.reduce((n, { run }) => n + files('reviewed')(run), 0);
  const average = reviewedScored === 0 ? undefined : scored.reduce((total, { run }) => total + (run.verdict.averageScore ?? 0) * files('reviewed')(run), 0) / reviewedScored;
  io.setOutput('result', result);
  io.setOutput('score', scored.length === 0 ? '' : Math.min(...scored.map(({ run }) => run.verdict.lowestScore ?? 100)));
  io.setOutput('average-score', average === undefined ? '' : Math.round(average * 10) / 10);
  io.setOutput('errors', sum((run) => run.verdict.counted.error));
  io.setOutput('warnings', sum((run) => run.verdict.counted.warning));
  io.setOutput('infos', sum((run) => run.verdict.counted.info));
  io.setOutput('files-reviewed', sum(files('reviewed')));
  io.setOutput('files-skipped', sum(files('skipped')));
  io.setOutput('files-failed', sum(files('failed')));
  io.setOutput('reasons', reasons.join('\n'));
  if (options.settings.sarifFile !== '' && runs.length > 0) {
    const { writeSarifOutput } = await import('./sarif-file');
    const all = { findings: runs.flatMap(({ run }) => run.findings), outcomes: runs.flatMap(({ run }) => run.outcomes) };
    await writeSarifOutput(io, all, options.settings.sarifFile, options.workspace, options.redactor);
  }
  const judged = outcomes.map((o) => `#${o.number}`).join(', ');
  if (result === 'failed') io.setFailed(`review-gate failed (${judged} judged at this head): ${reasons.join('; ')}.`);
  else if (result === 'neutral') io.info(`review-gate neutral (${judged} judged at this head): ${reasons.join('; ')}.`);
  else io.info(`review-gate passed: ${judged}, every open pull request at this head.`);
}
