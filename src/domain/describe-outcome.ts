/** One log line per file, however it ended: what the grouped log shows as the run goes. */
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

/** The file's line in the action's log; its path in its visible form (`visiblePath`). */
export function describeOutcome(outcome: FileOutcome): string {
  const path = visiblePath(outcome.path);
  switch (outcome.kind) {
    case 'reviewed': {
      const count = (severity: string): string => plural(outcome.findings.filter((f) => f.severity === severity).length, severity);
      return `✓ ${path}: score ${outcome.score}, ${count('error')}, ${count('warning')}, ${count('info')}`;
    }
    case 'skipped':
      return `– ${path}: skipped, ${outcome.reason}`;
    case 'failed':
      return `✗ ${path}: ${failureText(outcome)}`;
  }
}
