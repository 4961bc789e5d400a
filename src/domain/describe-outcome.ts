/** One log line per file, however it ended: what the grouped log shows as the run goes. */
import type { FileOutcome } from './outcomes';
import { plural } from './words';

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

export function describeOutcome(outcome: FileOutcome): string {
  switch (outcome.kind) {
    case 'reviewed': {
      const count = (severity: string): string => plural(outcome.findings.filter((f) => f.severity === severity).length, severity);
      return `✓ ${outcome.path}: score ${outcome.score}, ${count('error')}, ${count('warning')}, ${count('info')}`;
    }
    case 'skipped':
      return `– ${outcome.path}: skipped, ${outcome.reason}`;
    case 'failed':
      return `✗ ${outcome.path}: ${failureText(outcome)}`;
  }
}
