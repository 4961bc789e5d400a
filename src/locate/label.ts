/**
 * The locate stage's labels: each issue and each security flag of the service labelled with
 * where it sits relative to the diff, its fingerprint and whether the gate counts it. Pure, and
 * nothing is dropped: one finding per issue, then one per flag, in the service's order, then one
 * per line of hidden text the file holds. Surfaces
 * decide what to show (reviewdog's `InDiffFile` / `InDiffContext` split).
 */
import type { ReviewIssue, SecurityFlag } from '../domain/review-answer';
import type { GateScope, ReviewLanguage, SecurityFlagsMode } from '../domain/vocabulary';
import { countsTowardGate } from './counts';
import { detachedText } from './detached-text';
import { findingFingerprint } from './fingerprint';
import type { PatchIndex } from './parse-patch';
import type { FindingLocation, FindingSource, LabelledFinding } from '../domain/findings';
import { firstUncountedBreak } from './line-breaks';
import type { UncountedBreak } from './line-breaks';
import { findMarkers, suppressionLabel } from './suppressions';
import type { Marker } from './suppressions';

export interface LabelInput {
  path: string;
  issues: readonly ReviewIssue[];
  /** The answer's security flags, read (service/security-flags.ts); none when absent. */
  flags?: readonly SecurityFlag[];
  /** Hidden text found in the file itself (hidden-text.ts), as issues of its lines; none when absent. */
  hidden?: readonly ReviewIssue[];
  /** `report`: flags are shown and never counted; `gate` (the default) counts them like issues. */
  securityFlags?: SecurityFlagsMode;
  /** The review was asked only for security (`focus-areas: security`): every issue is about security. */
  securityOnly?: boolean;
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

/** Why the gate does not count a flag under `security-flags: report`, as every surface says it. */
export const REPORTED_FLAG = 'security-flags: report';

/** What labelling reads from a file's text: its lines, its markers and its first uncounted line break. */
export interface LabelledText {
  lines: string[];
  markers: Map<number, Marker[]>;
  uncounted: UncountedBreak | undefined;
}

/** Reads `content` once for labelling: a file's two answers (injection-check) share what it gives. */
export function readForLabels(input: Pick<LabelInput, 'content' | 'language' | 'path'>): LabelledText {
  return {
    lines: splitLines(input.content),
    markers: input.language === undefined ? new Map<number, Marker[]>() : findMarkers(input.content, input.language, input.path),
    uncounted: firstUncountedBreak(input.content),
  };
}

/** `text`: what `readForLabels` read of `input.content`, when it was read already. */
export function labelFindings(input: LabelInput, text: LabelledText = readForLabels(input)): LabelledFinding[] {
  const { lines, markers, uncounted } = text;
  const label = (entry: ReviewIssue | SecurityFlag, source: FindingSource): LabelledFinding => {
    // From the first line break git does not count on, the service's line may be another line.
    const past = uncounted !== undefined && entry.line !== null && Number.isInteger(entry.line) && entry.line >= uncounted.line ? uncounted : undefined;
    const location = past === undefined ? locate(entry.line, lines.length, input.patch) : 'diff-unknown';
    const line = past !== undefined || location === 'impossible-line' || entry.line === null ? undefined : lines[entry.line - 1];
    // The finding outlives the file's text: its line is copied out, not a view into the file.
    const lineText = line === undefined ? undefined : detachedText(line);
    const labels: Pick<LabelledFinding, 'disposition' | 'refusedDispositions' | 'uncounted'> = {};
    if (location !== 'impossible-line' && entry.line !== null) {
      const scope = { line: entry.line, location, added: input.patch?.added, ...(past === undefined ? {} : { uncountedBreak: past }) };
      const { disposition, refused } = suppressionLabel(markers.get(entry.line), scope);
      if (disposition !== undefined) labels.disposition = disposition;
      if (refused !== undefined) labels.refusedDispositions = refused;
    }
    if (source === 'security-flag' && input.securityFlags === 'report') labels.uncounted = REPORTED_FLAG;
    const finding: LabelledFinding = {
      source,
      path: input.path,
      line: entry.line,
      severity: entry.severity,
      message: entry.message,
      suggestion: entry.suggestion,
      location,
      ...(lineText === undefined ? {} : { lineText }),
      ...(past === undefined ? {} : { uncountedBreak: past.description }),
      ...labels,
      fingerprint: findingFingerprint({ path: input.path, message: entry.message, lineText, source }),
      counts: countsTowardGate({ location, ...labels }, input.gateScope),
    };
    if (entry.reportedSeverity !== undefined) finding.reportedSeverity = entry.reportedSeverity;
    if (entry.reportedLine !== undefined) finding.reportedLine = entry.reportedLine;
    if ('kind' in entry && entry.kind !== undefined) finding.kind = entry.kind;
    if ('cwe' in entry && entry.cwe !== undefined) finding.cwe = entry.cwe;
    if (source === 'security-flag' || input.securityOnly === true) finding.security = true;
    return finding;
  };
  return [
    ...input.issues.map((issue) => label(issue, 'issue')),
    ...(input.flags ?? []).map((flag) => label(flag, 'security-flag')),
    ...(input.hidden ?? []).map((hidden) => label(hidden, 'hidden-text')),
  ];
}

/** The line of a finding as the service sent it, for a reader: `line 12`, `line "12"`, `no line`. */
export function describeLine(finding: Pick<LabelledFinding, 'line' | 'reportedLine'>): string {
  if (finding.line !== null) return `line ${String(finding.line)}`;
  return finding.reportedLine === undefined ? 'no line' : `line ${finding.reportedLine}`;
}

/**
 * What a security flag said besides its text, for a reader: `security flag (CWE-89, sql-injection)`;
 * '' for an issue. Plain text: each surface escapes it its own way.
 */
export function describeFlag(finding: Pick<LabelledFinding, 'source' | 'kind' | 'cwe'>): string {
  if (finding.source !== 'security-flag') return '';
  const facts = flagFacts(finding);
  return facts.length === 0 ? 'security flag' : `security flag (${facts.join(', ')})`;
}

/** A flag's CWE and kind, as far as it gave them: `['CWE-89', 'sql-injection']`. */
export function flagFacts(finding: Pick<LabelledFinding, 'kind' | 'cwe'>): string[] {
  return [...(finding.cwe === undefined ? [] : [cweName(finding.cwe)]), ...(finding.kind === undefined ? [] : [finding.kind])];
}

/** `CWE-89`: how every surface names a weakness. */
export function cweName(cwe: number): string {
  return `CWE-${cwe}`;
}
