/** One log line per file, however it ended: what the grouped log shows as the run goes. */
import type { FileOutcome } from '../types';

export function describeOutcome(outcome: FileOutcome): string {
  switch (outcome.kind) {
    case 'reviewed': {
      const count = (severity: string): string => {
        const n = outcome.findings.filter((f) => f.severity === severity).length;
        return `${n} ${severity}${n === 1 ? '' : 's'}`;
      };
      return `✓ ${outcome.path}: score ${outcome.result.quality_score}, ${count('error')}, ${count('warning')}, ${count('info')}`;
    }
    case 'skipped':
      return `– ${outcome.path}: skipped, ${outcome.reason}`;
    case 'failed':
      return `✗ ${outcome.path}: ${outcome.reason}${outcome.requestId === undefined ? '' : ` (request ${outcome.requestId})`}`;
  }
}
