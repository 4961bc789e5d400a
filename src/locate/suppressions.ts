/**
 * Suppressions in code: `review-gate-ignore: <reason>` in a comment. After code on the same line
 * it suppresses the findings on that line; on a line of its own (only comments) it suppresses the
 * findings on the next line. Reviewers see it in the diff, which is the point: unlike a switch in
 * the workflow, it is reviewed with the code it excuses. Without a reason it does not count, and
 * the finding says why.
 *
 * The marker counts only inside a real comment of the file's language (comments/: a marker in a
 * string, a docstring, a template literal or JSX text is text), on the line where that comment
 * starts. And only the change excuses what it adds: on a line the pull request adds, a marker of
 * its own line counts, but one on the line above only if the pull request adds that one too —
 * when the diff is unknown that cannot be shown, so it does not count. Nor does any marker from a
 * line break git does not count on (line-breaks.ts). Pure.
 */
import type { ReviewLanguage } from '../domain/vocabulary';
import type { Disposition, FindingLocation } from '../domain/findings';
import { findComments } from './comments';
import type { CommentSpan } from './comments';
import type { UncountedBreak } from './line-breaks';
import { detachedText } from './detached-text';

export const SUPPRESSION_MARKER = 'review-gate-ignore';

/** A marker in a comment of the file. */
export interface Marker {
  /** Its line, 1-based. */
  line: number;
  /** Only comments on its line: it speaks of the next line. */
  ownLine: boolean;
  /** Undefined when it gives none: then it does not count. */
  reason: string | undefined;
}

/** The marker as a word of its own (not `x-review-gate-ignore`), then what follows it. */
const MARKER = /(?<![\w-])review-gate-ignore(?![\w-])(.*)$/s;
/** A reason has at least one letter or digit: `review-gate-ignore: -` explains nothing. */
const MEANINGFUL = /[\p{L}\p{N}]/u;
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** Offsets where each line starts: lines are split at LF, as `splitLines` numbers them. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The 0-based line holding `offset`. */
function lineIndexOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** What the marker in this comment says, from the comment's first line only; undefined without one. */
function readMarker(text: string, comment: CommentSpan): { reason: string | undefined } | undefined {
  const body = text.slice(comment.bodyStart, comment.bodyEnd);
  const firstLine = body.split(LINE_BREAK, 1)[0] ?? '';
  const marker = MARKER.exec(firstLine);
  if (marker === null) return undefined;
  const reason = (/^\s*:(.*)$/s.exec(marker[1] ?? '')?.[1] ?? '').trim();
  // A reason outlives the file's text (on the finding it excuses): copied out, not a view into the file.
  return { reason: MEANINGFUL.test(reason) ? detachedText(reason) : undefined };
}

/** Whether the line `[from, to)` holds nothing but whitespace and these comments. */
function onlyComments(text: string, from: number, to: number, comments: readonly CommentSpan[]): boolean {
  let at = from;
  for (const comment of comments) {
    if (comment.end <= from || comment.start >= to) continue;
    if (text.slice(at, Math.max(at, comment.start)).trim() !== '') return false;
    at = Math.max(at, comment.end);
  }
  return at >= to || text.slice(at, to).trim() === '';
}

/**
 * Every marker of the file, by the line it applies to (1-based): its own, or the next for a
 * marker on a line of its own; above-line markers first. One marker a line: the first comment
 * starting on it that carries one. Only a file that holds the marker's text is lexed.
 */
export function findMarkers(content: string, language: ReviewLanguage, path = ''): Map<number, Marker[]> {
  const found = new Map<number, Marker[]>();
  if (!content.includes(SUPPRESSION_MARKER)) return found;
  const comments = findComments(content, language, path).sort((a, b) => a.start - b.start);
  const starts = lineStarts(content);
  const marked = new Set<number>();
  comments.forEach((comment, index) => {
    const marker = readMarker(content, comment);
    const lineIndex = lineIndexOf(starts, comment.start);
    if (marker === undefined || marked.has(lineIndex)) return;
    marked.add(lineIndex);
    const from = starts[lineIndex] as number;
    const next = starts[lineIndex + 1];
    const to = next === undefined ? content.length : next - 1;
    // The comments that can touch this line: one that began before it, and those after it.
    const near = comments.slice(Math.max(0, index - 1), index + 1 + (to - from));
    const ownLine = onlyComments(content, from, to, near);
    const line = lineIndex + 1;
    const target = ownLine ? line + 1 : line;
    found.set(target, [...(found.get(target) ?? []), { line, ownLine, reason: marker.reason }]);
  });
  for (const markers of found.values()) markers.sort((a, b) => a.line - b.line);
  return found;
}

/** Where the finding sits and what the pull request adds, as far as a marker's standing depends on them. */
export interface MarkerScope {
  line: number;
  location: FindingLocation;
  /** Lines the pull request adds; undefined when the diff is unknown. */
  added: ReadonlySet<number> | undefined;
  /** A line break git does not count, on the finding's line or above it (locate/line-breaks.ts). */
  uncountedBreak?: UncountedBreak;
}

/** Why this marker does not cover the finding, or undefined when it does. */
function refusal(marker: Marker, scope: MarkerScope): string | undefined {
  const where = `${SUPPRESSION_MARKER} on line ${marker.line}`;
  if (scope.uncountedBreak !== undefined) {
    return (
      `${where} does not count: the file holds ${scope.uncountedBreak.description}, a line break git does not count, ` +
      'so from there on a comment can end where git sees no line end, and the service may number lines otherwise'
    );
  }
  if (marker.reason === undefined) return `${where} gives no reason (write "${SUPPRESSION_MARKER}: <reason>"), so it does not count`;
  if (!marker.ownLine) return undefined;
  if (scope.location === 'added-line' && scope.added?.has(marker.line) !== true) {
    return `${where} is not part of this pull request, so it does not cover line ${scope.line}, which the pull request adds (a marker on line ${scope.line}, or one the pull request adds above it, would)`;
  }
  if (scope.location === 'diff-unknown') {
    return `${where} is on a line of its own above line ${scope.line}, and the diff of this file is unknown, so it cannot be shown to be part of this pull request and does not count (a marker on line ${scope.line} itself would)`;
  }
  return undefined;
}

/**
 * The label the markers aimed at a finding give it: the first that covers it suppresses it;
 * when none does, each says why.
 */
export function suppressionLabel(markers: readonly Marker[] | undefined, scope: MarkerScope): { disposition?: Disposition; refused?: string[] } {
  const refused: string[] = [];
  for (const marker of markers ?? []) {
    const why = refusal(marker, scope);
    if (why === undefined) {
      const addedHere = scope.added === undefined || scope.added.has(marker.line);
      return { disposition: { kind: 'suppressed', reason: marker.reason ?? '', line: marker.line, ...(addedHere ? { addedHere: true } : {}) } };
    }
    refused.push(why);
  }
  return refused.length === 0 ? {} : { refused };
}
