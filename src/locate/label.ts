/**
 * The locate stage's labels: each issue of the service labelled with where it sits relative to
 * the diff, its fingerprint and whether the gate counts it. Pure, and nothing is dropped: one
 * finding per issue, in the service's order. Surfaces decide what to show (reviewdog's
 * `InDiffFile` / `InDiffContext` split).
 */
import type { ReviewIssue } from '../review/service/types';
import type { GateScope, ReviewLanguage } from '../domain/vocabulary';
import { countsTowardGate } from './counts';
import { findingFingerprint } from './fingerprint';
import type { PatchIndex } from './parse-patch';
import type { FindingLocation, LabelledFinding } from '../domain/findings';
import { firstUncountedBreak } from './line-breaks';
import { findMarkers, suppressionLabel } from './suppressions';
import type { Marker } from './suppressions';

export interface LabelInput {
  path: string;
  issues: ReviewIssue[];
  /** Undefined when GitHub sent no patch (or it could not be parsed): the diff is unknown. */
  patch: PatchIndex | undefined;
  /** The file at the head commit, exactly as sent to the service. */
  content: string;
  /** The language whose comments `review-gate-ignore` is read in; without it, none is read. */
  language?: ReviewLanguage;
  /** Which findings the gate counts (`gate-scope`). */
  gateScope: GateScope;
}

/**
 * The lines of `content` as git numbers them: split on LF or CRLF, and a final newline ends the
 * last line rather than starting an empty one ("a\nb\n" has 2 lines, "" has none). Breaks some
 * other reader counts are found apart (line-breaks.ts).
 */
export function splitLines(content: string): string[] {
  if (content === '') return [];
  const lines = content.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function locate(line: number | null, lineCount: number, patch: PatchIndex | undefined): FindingLocation {
  // The service's line is untrusted: only a whole number naming a real line can be anchored.
  if (line === null || !Number.isInteger(line) || line < 1 || line > lineCount) return 'impossible-line';
  if (patch === undefined) return 'diff-unknown';
  if (patch.added.has(line)) return 'added-line';
  if (patch.context.has(line)) return 'diff-context';
  return 'outside-diff';
}

export function labelFindings(input: LabelInput): LabelledFinding[] {
  const lines = splitLines(input.content);
  const markers = input.language === undefined ? new Map<number, Marker[]>() : findMarkers(input.content, input.language, input.path);
  const uncounted = firstUncountedBreak(input.content);
  return input.issues.map((issue) => {
    // From the first line break git does not count on, the service's line may be another line.
    const past = uncounted !== undefined && issue.line !== null && Number.isInteger(issue.line) && issue.line >= uncounted.line ? uncounted : undefined;
    const location = past === undefined ? locate(issue.line, lines.length, input.patch) : 'diff-unknown';
    const lineText = past !== undefined || location === 'impossible-line' || issue.line === null ? undefined : lines[issue.line - 1];
    const labels: Pick<LabelledFinding, 'disposition' | 'refusedDispositions'> = {};
    if (location !== 'impossible-line' && issue.line !== null) {
      const scope = { line: issue.line, location, added: input.patch?.added, ...(past === undefined ? {} : { uncountedBreak: past }) };
      const { disposition, refused } = suppressionLabel(markers.get(issue.line), scope);
      if (disposition !== undefined) labels.disposition = disposition;
      if (refused !== undefined) labels.refusedDispositions = refused;
    }
    const finding: LabelledFinding = {
      path: input.path,
      line: issue.line,
      severity: issue.severity,
      message: issue.message,
      suggestion: issue.suggestion,
      location,
      ...(lineText === undefined ? {} : { lineText }),
      ...(past === undefined ? {} : { uncountedBreak: past.description }),
      ...labels,
      fingerprint: findingFingerprint({ path: input.path, message: issue.message, lineText }),
      counts: countsTowardGate({ location, ...labels }, input.gateScope),
    };
    if (issue.reportedSeverity !== undefined) finding.reportedSeverity = issue.reportedSeverity;
    if (issue.reportedLine !== undefined) finding.reportedLine = issue.reportedLine;
    return finding;
  });
}

/** The line of a finding as the service sent it, for a reader: `line 12`, `line "12"`, `no line`. */
export function describeLine(finding: Pick<LabelledFinding, 'line' | 'reportedLine'>): string {
  if (finding.line !== null) return `line ${String(finding.line)}`;
  return finding.reportedLine === undefined ? 'no line' : `line ${finding.reportedLine}`;
}
