/**
 * Comments and strings of Rust, read the way rustc's lexer reads them: `//` (and `///`, `//!`) to the end of
 * the line, and `/* … *\/` nested (`/* a /* b *\/ c *\/` is one comment). Strings: "…" over any
 * lines with escapes, the prefixes b and c, and raw strings r"…", r#"…"#, br…, cr… with any
 * number of `#`. A quote is a char ('x', '\n', '"') or a lifetime or label ('a, 'static) by
 * rustc's rule: a lifetime when what follows it is an identifier not closed by a quote (a char holds
one character: it is no string). Pure.
 */
import { skipQuoted, slashComment } from './span';
import type { CommentSpan, LexedText, StringSpan } from './span';

const ID_START = /[\p{XID_Start}_]/u;
const ID_CONTINUE = /\p{XID_Continue}/u;
/** Made once: a regular expression literal in a function is a new object at each evaluation, and this one runs per character. */
const DIGIT = /[0-9]/;
const RAW_PREFIXES: ReadonlySet<string> = new Set(['r', 'br', 'cr']);
const QUOTED_PREFIXES: ReadonlySet<string> = new Set(['b', 'c']);

/** The code point at `i` and how many UTF-16 units it takes. */
function charAt(text: string, i: number): { char: string; width: number } {
  const point = text.codePointAt(i);
  if (point === undefined) return { char: '', width: 0 };
  const char = String.fromCodePoint(point);
  return { char, width: char.length };
}

function identifierEnd(text: string, from: number): number {
  let i = from;
  for (let at = charAt(text, i); at.width > 0 && ID_CONTINUE.test(at.char); at = charAt(text, i)) i += at.width;
  return i;
}

/** A raw string whose `#`s start at `from`: the index after it, -1 unclosed, undefined when it is no raw string. */
function rawStringEnd(text: string, from: number, strings: StringSpan[]): number | undefined {
  let hashes = 0;
  while (text[from + hashes] === '#') hashes++;
  if (text[from + hashes] !== '"') return undefined;
  const close = text.indexOf(`"${'#'.repeat(hashes)}`, from + hashes + 1);
  if (close >= 0) strings.push({ start: from + hashes + 1, end: close });
  return close < 0 ? -1 : close + 1 + hashes;
}

/** rustc's `lifetime_or_char` from the quote at `i`: the index after the token, or -1 for a char that is not closed. */
function quoteEnd(text: string, i: number): number {
  const first = charAt(text, i + 1);
  const afterFirst = i + 1 + first.width;
  const canBeLifetime = text[afterFirst] !== "'" && (ID_START.test(first.char) || DIGIT.test(first.char));
  if (canBeLifetime) {
    const end = identifierEnd(text, afterFirst);
    // 'ab' is a (bad) char literal; 'a is a lifetime or a label.
    return text[end] === "'" ? end + 1 : end;
  }
  if (text[afterFirst] === "'" && first.char !== '\\') return afterFirst + 1;
  for (let k = i + 1; k < text.length; k++) {
    const c = text[k];
    if (c === "'") return k + 1;
    // rustc gives up on a char at a slash (a comment, likely) or a line break.
    if (c === '/' || (c === '\n' && text[k + 1] !== "'")) return -1;
    if (c === '\\') k++;
  }
  return -1;
}

export function rustText(text: string): LexedText {
  const comments: CommentSpan[] = [];
  const strings: StringSpan[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const slash = slashComment(text, i, true);
    let to = i + 1;
    if (slash !== undefined) {
      if (slash.comment !== undefined) comments.push(slash.comment);
      to = slash.to;
    } else if (c === '"') {
      to = skipQuoted(text, i + 1, '"', true, strings);
    } else if (c === "'") {
      to = quoteEnd(text, i);
    } else if (DIGIT.test(c)) {
      to = identifierEnd(text, i);
    } else if (ID_START.test(charAt(text, i).char)) {
      const end = identifierEnd(text, i);
      const word = text.slice(i, end);
      const raw = RAW_PREFIXES.has(word) ? rawStringEnd(text, end, strings) : undefined;
      if (raw !== undefined) to = raw;
      else if (QUOTED_PREFIXES.has(word) && text[end] === '"') to = skipQuoted(text, end + 1, '"', true, strings);
      else if (word === 'b' && text[end] === "'") to = skipQuoted(text, end + 1, "'", false);
      // r#ident: a raw identifier.
      else if (word === 'r' && text[end] === '#') to = identifierEnd(text, end + 1);
      else to = end;
    } else if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) < 0xdc00) {
      to = i + 2;
    }
    // Not closed: a compile error, and nothing after it can be read for sure.
    if (to < 0) return { comments, strings, unsureAt: i };
    i = to;
  }
  return { comments, strings };
}
