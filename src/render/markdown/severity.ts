import type { Severity } from '../../domain/vocabulary';
import { SEVERITIES } from '../../domain/vocabulary';
import { inlineCode } from './sanitize';

/** How a severity reads in every piece of markdown: an icon plus the word. */
export const SEVERITY_LABEL: Readonly<Record<Severity, { icon: string; word: string }>> = {
  error: { icon: '🛑', word: 'Error' },
  warning: { icon: '⚠️', word: 'Warning' },
  info: { icon: 'ℹ️', word: 'Info' },
};

/**
 * After the severity word, what the service sent when it was not a known severity (it counts as
 * an error): ` (reported as \`CRITICAL\`)`, or '' for a known one.
 */
export function reportedAs(finding: { reportedSeverity?: string }): string {
  return finding.reportedSeverity === undefined ? '' : ` (reported as ${inlineCode(finding.reportedSeverity, 40)})`;
}

/** 0 for the most severe; the order of `SEVERITIES`. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** Most severe first, then by path (code-unit order, locale-independent), then by line. */
export function compareFindings(
  a: { severity: Severity; path: string; line: number | null },
  b: { severity: Severity; path: string; line: number | null },
): number {
  return (
    severityRank(a.severity) - severityRank(b.severity) ||
    (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
    (a.line ?? 0) - (b.line ?? 0)
  );
}
