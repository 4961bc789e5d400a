/**
 * What the action writes: the grouped log, step outputs, annotations and the line-per-finding
 * listing of what is (or would be) posted. All of it goes through `ActionsIo`, which makes every
 * text safe to print.
 */
import { reasonTexts } from '../domain/verdict';
import type { ActionsIo } from './io';
import { isMergeGroup } from '../domain/pull-request';
import type { RunReport } from '../domain/run-report';
import { describeFlag, describeLine } from '../locate/label';
import { planAnnotations } from '../render/annotations';
import { visiblePath } from '../safety/terminal';
import type { LabelledFinding } from '../domain/findings';

/**
 * GitHub shows at most 10 annotations of each level per step, the action's own included: one
 * error is kept for the verdict (`setFailed`), and room for the run's warnings and notices.
 */
export const ANNOTATION_CAPS = { error: 9, warning: 8, notice: 8 } as const;

export function writeOutputs(io: ActionsIo, report: RunReport): void {
  const { verdict, outcomes } = report;
  const count = (kind: string): number => outcomes.filter((o) => o.kind === kind).length;
  io.setOutput('result', verdict.result);
  io.setOutput('score', verdict.lowestScore ?? '');
  io.setOutput('average-score', verdict.averageScore ?? '');
  io.setOutput('errors', verdict.counted.error);
  io.setOutput('warnings', verdict.counted.warning);
  io.setOutput('infos', verdict.counted.info);
  io.setOutput('files-reviewed', count('reviewed'));
  io.setOutput('files-skipped', count('skipped'));
  io.setOutput('files-failed', count('failed'));
  io.setOutput('reasons', reasonTexts(verdict).join('\n'));
}

/**
 * Findings on added lines as annotations, most severe first, within GitHub's per-step caps;
 * `listedIn` says where the ones left out can be read.
 */
export function emitAnnotations(io: ActionsIo, findings: readonly LabelledFinding[], listedIn: string): void {
  const plan = planAnnotations([...findings], ANNOTATION_CAPS);
  for (const a of plan.annotations) {
    const properties = { file: a.path, startLine: a.line, title: a.title };
    if (a.level === 'error') io.error(a.message, properties);
    else if (a.level === 'warning') io.warning(a.message, properties);
    else io.notice(a.message, properties);
  }
  if (plan.omitted > 0) {
    io.info(`${plan.omitted} more findings on added lines are not shown as annotations (GitHub's per-step limit); they are listed in ${listedIn}.`);
  }
}

/**
 * One line per inline comment: `path:line severity message`, the demo's and dry run's output.
 * `overflowListedIn` says truthfully where the comments over max-comments can be read.
 */
export function printPlannedComments(io: ActionsIo, report: RunReport, dryRun: boolean, overflowListedIn: string): void {
  const { comments, overflow } = report.plan;
  const heading = isMergeGroup(report.pr)
    ? 'Findings on added lines (a merge group has no pull request to comment on)'
    : dryRun
      ? 'Would post these inline comments (dry run)'
      : 'Inline comments on added lines';
  io.startGroup(`${heading}: ${comments.length}`);
  for (const c of comments) io.info(findingLine(c.finding));
  if (overflow.length > 0) io.info(`… and ${overflow.length} more over max-comments, listed in ${overflowListedIn}`);
  io.endGroup();
}

/**
 * Every finding of the run, one line each, for when the job summary cannot hold them all (GitHub
 * keeps 1 MiB of it per step) or there is none: nothing may be lost silently.
 */
export function printAllFindings(io: ActionsIo, findings: readonly LabelledFinding[], why: string): void {
  if (findings.length === 0) return;
  io.startGroup(`Every finding of this run (${findings.length}): ${why}`);
  for (const f of findings) io.info(findingLine(f));
  io.endGroup();
}

/**
 * `path:line severity message`; an unknown severity shows as received, an unplaceable line as
 * sent, and a security flag as `[security flag (CWE-89, sql-injection)]` before its text.
 */
function findingLine(f: LabelledFinding): string {
  const placed = f.line !== null && Number.isInteger(f.line) && f.line > 0;
  const path = visiblePath(f.path);
  const where = placed ? `${path}:${String(f.line)}` : `${path} (${describeLine(f)})`;
  const reported = f.reportedSeverity === undefined ? '' : ` (reported as ${oneLine(f.reportedSeverity).slice(0, 40)})`;
  const flag = describeFlag(f);
  return `${where} ${f.severity}${reported}${flag === '' ? '' : ` [${oneLine(flag)}]`} ${oneLine(f.message)}`;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}
