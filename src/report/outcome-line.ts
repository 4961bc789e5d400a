/** One log line per file, however it ended: what the grouped log shows as the run goes. */
import type { FileOutcome } from '../types';
import { plural } from '../words';

export function describeOutcome(outcome: FileOutcome): string {
  switch (outcome.kind) {
    case 'reviewed': {
      const count = (severity: string): string => plural(outcome.findings.filter((f) => f.severity === severity).length, severity);
      return `✓ ${outcome.path}: score ${outcome.result.quality_score}, ${count('error')}, ${count('warning')}, ${count('info')}`;
    }
    case 'skipped':
      return `– ${outcome.path}: skipped, ${outcome.reason}`;
    case 'failed':
      return `✗ ${outcome.path}: ${outcome.reason}${outcome.requestId === undefined ? '' : ` (request ${outcome.requestId})`}`;
  }
}
