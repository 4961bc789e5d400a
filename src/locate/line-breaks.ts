/**
 * Line breaks git does not count. git, GitHub's diff and review-gate number a file's lines at LF
 * (CRLF being an LF-ended line), and the service's line numbers are matched against those. Other
 * characters end a line for some reader: a lone CR for Python (universal newlines); U+2028 and
 * U+2029 for JavaScript and TypeScript; VT, FF, FS, GS, RS and NEL (U+0085) too for a service
 * that splits lines as Python's `str.splitlines()` does. From the first such character on, the
 * service's line N may be another line than git's N — a finding on an added line can land on an
 * unchanged one — and a `review-gate-ignore` comment may end at that character with code after it
 * on what git calls the same line (`x = 1  // review-gate-ignore: ok\u2028eval(y)` in JavaScript).
 * So from that line on nothing is placed against the diff, and no marker counts. Pure.
 */

/** Each character git does not count as a line break but some reader does, with its name for a reader. */
const UNCOUNTED: Readonly<Record<string, string>> = {
  '\r': 'a lone carriage return (CR)',
  '\v': 'a vertical tab (VT)',
  '\f': 'a form feed (FF)',
  '\x1c': 'a file separator (U+001C)',
  '\x1d': 'a group separator (U+001D)',
  '\x1e': 'a record separator (U+001E)',
  '\x85': 'a next-line character (U+0085 NEL)',
  '\u2028': 'a line separator (U+2028)',
  '\u2029': 'a paragraph separator (U+2029)',
};

/** One of them; CR only when no LF follows it (CRLF is one break for everyone). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNCOUNTED_BREAK = /\r(?!\n)|[\v\f\x1c-\x1e\x85\u2028\u2029]/;

export interface UncountedBreak {
  /** The 1-based line (as git numbers lines) that holds it: from this line on, lines cannot be placed. */
  line: number;
  /** What it is and where, for a reader: `a lone carriage return (CR) on line 2`. */
  description: string;
}

/** The first line break of `content` that git does not count, or undefined when there is none. */
export function firstUncountedBreak(content: string): UncountedBreak | undefined {
  const found = UNCOUNTED_BREAK.exec(content);
  if (found === null) return undefined;
  let line = 1;
  for (let at = content.indexOf('\n'); at >= 0 && at < found.index; at = content.indexOf('\n', at + 1)) line += 1;
  const name = UNCOUNTED[found[0]] ?? 'a line break';
  return { line, description: `${name} on line ${line}` };
}
