/** One log line per file, however it ended: what the grouped log shows as the run goes. */
import type { LabelledFinding } from './findings';
import type { FileOutcome } from './outcomes';
import { plural } from './words';
import { visiblePath } from '../safety/terminal';

/**
 * The request id of a failed file, when its reason does not already name it (the service's own
 * error text does): every surface prints it once.
 */
export function requestIdToShow(outcome: { reason: string; requestId?: string }): string | undefined {
  const id = outcome.requestId;
  return id === undefined || outcome.reason.includes(id) ? undefined : id;
}

/** A failed file's reason, with its request id named once. */
export function failureText(outcome: { reason: string; requestId?: string }): string {
  const id = requestIdToShow(outcome);
  return id === undefined ? outcome.reason : `${outcome.reason} (request ${id})`;
}

/**
 * A reviewed file's findings as the service answered them: its issues by severity, then its
 * security flags, if any (`1 error, 0 warnings, 2 infos, 1 security flag`), then the hidden text
 * found in the file itself, if any.
 */
export function answerCounts(findings: readonly LabelledFinding[]): string {
  const issues = findings.filter((f) => f.source === 'issue');
  const count = (severity: string): string => plural(issues.filter((f) => f.severity === severity).length, severity);
  const flags = findings.filter((f) => f.source === 'security-flag').length;
  const hidden = findings.filter((f) => f.source === 'hidden-text').length;
  return `${count('error')}, ${count('warning')}, ${count('info')}${flags === 0 ? '' : `, ${plural(flags, 'security flag')}`}${hidden === 0 ? '' : `, ${plural(hidden, 'line')} of hidden text`}`;
}

/** The file's line in the action's log; its path in its visible form (`visiblePath`). */
export function describeOutcome(outcome: FileOutcome): string {
  const path = visiblePath(outcome.path);
  switch (outcome.kind) {
    case 'reviewed':
      return `✓ ${path}: score ${outcome.score}, ${answerCounts(outcome.findings)}`;
    case 'skipped':
      return `– ${path}: skipped, ${outcome.reason}`;
    case 'failed':
      return `✗ ${path}: ${failureText(outcome)}`;
  }
}
