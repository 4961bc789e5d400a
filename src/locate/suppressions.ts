/**
 * Suppressions in code: `review-gate-ignore: <reason>` in a comment. After code on the same line
 * it suppresses the findings on that line; on a line of its own (only the comment) it suppresses
 * the findings on the next line. Reviewers see it in the diff, which is the point: unlike a
 * switch in the workflow, it is reviewed with the code it excuses. Without a reason it does not
 * count, and the finding says why.
 *
 * Comment syntaxes: `#` (python); `//` and `/* … *\/` (javascript, typescript, go, rust). The
 * marker must follow the comment's opener on the same line; a line inside a multi-line block
 * comment has no opener and is not read. Pure.
 */
import type { ReviewLanguage } from '../review/service/types';
import type { Disposition } from '../types';

export const SUPPRESSION_MARKER = 'review-gate-ignore';

/** What a marker says about the line it applies to. */
export type Suppression =
  | { kind: 'suppressed'; reason: string; line: number }
  /** The marker is there but gives no reason: it does not count. */
  | { kind: 'refused'; why: string; line: number };

const COMMENT_OPENER: Readonly<Record<ReviewLanguage, RegExp>> = {
  python: /#/,
  javascript: /\/\/|\/\*/,
  typescript: /\/\/|\/\*/,
  go: /\/\/|\/\*/,
  rust: /\/\/|\/\*/,
};

/** The marker as a word of its own (not `x-review-gate-ignore`), then what follows it. */
const MARKER = /(?<![\w-])review-gate-ignore(?![\w-])(.*)$/;

/** A reason has at least one letter or digit: `review-gate-ignore: -` explains nothing. */
const MEANINGFUL = /[\p{L}\p{N}]/u;

interface Marker {
  /** Only whitespace before the comment's opener: the marker speaks of the next line. */
  ownLine: boolean;
  reason: string | undefined;
}

/** The marker on one line of code, if its comment carries one. */
export function readMarker(line: string, language: ReviewLanguage): Marker | undefined {
  const open = new RegExp(COMMENT_OPENER[language].source, 'g');
  for (let found = open.exec(line); found !== null; found = open.exec(line)) {
    const comment = line.slice(found.index + found[0].length);
    const marker = MARKER.exec(comment);
    // A block comment closed before the marker: the marker belongs to a later comment.
    if (marker === null || (found[0] === '/*' && comment.slice(0, marker.index).includes('*/'))) continue;
    let rest = marker[1] ?? '';
    let after = '';
    const close = found[0] === '/*' ? rest.indexOf('*/') : -1;
    if (close >= 0) {
      after = rest.slice(close + 2);
      rest = rest.slice(0, close);
    }
    // Code after a closed block comment makes it a comment on that line, not above the next.
    const ownLine = line.slice(0, found.index).trim() === '' && after.trim() === '';
    const colon = /^\s*:(.*)$/s.exec(rest);
    const reason = colon?.[1]?.trim() ?? '';
    return { ownLine, reason: MEANINGFUL.test(reason) ? reason : undefined };
  }
  return undefined;
}

/**
 * Every line of the file a marker applies to (1-based) → what it says. When two markers apply
 * to one line (one above it, one on it), a marker with a reason wins.
 */
export function findSuppressions(lines: readonly string[], language: ReviewLanguage): Map<number, Suppression> {
  const found = new Map<number, Suppression>();
  lines.forEach((text, index) => {
    if (!text.includes(SUPPRESSION_MARKER)) return;
    const marker = readMarker(text, language);
    if (marker === undefined) return;
    const line = index + 1;
    const target = marker.ownLine ? line + 1 : line;
    const suppression: Suppression =
      marker.reason === undefined
        ? { kind: 'refused', why: `${SUPPRESSION_MARKER} on line ${line} gives no reason (write "${SUPPRESSION_MARKER}: <reason>"), so it does not count`, line }
        : { kind: 'suppressed', reason: marker.reason, line };
    const earlier = found.get(target);
    if (earlier === undefined || earlier.kind === 'refused') found.set(target, suppression);
  });
  return found;
}

/** The label a suppression gives a finding: a disposition, or why the marker did not count. */
export function suppressionLabel(suppression: Suppression | undefined): { disposition?: Disposition; refused?: string } {
  if (suppression === undefined) return {};
  if (suppression.kind === 'refused') return { refused: suppression.why };
  return { disposition: { kind: 'suppressed', reason: suppression.reason, line: suppression.line } };
}
