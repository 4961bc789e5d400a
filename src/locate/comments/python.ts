/**
 * Comments and strings of Python: `#` to the end of the line. Strings: '…' "…" '''…''' """…""" with the
 * prefixes r, u, b, f, t and their pairs (any case); a backslash escapes the next character (in a
 * raw string too, for where it ends). An f-string (or t-string) is read the way Python 3.12
 * reads it: a `{…}` field is code, with strings of its own (the same quote included) and a
 * format spec after a top-level `:` that is text (`f"{x:#>10}"` holds no comment); `{{` and `}}`
 * are text. A `#` inside a field is skipped as Python 3.12 does, and never reported: older
 * versions refuse it. A string's contents are its literal parts and format specs, not its fields
(code), whose own strings and `#` text are strings' contents too. Pure.
 */
import { lineComment } from './span';
import type { CommentSpan, LexedText, StringSpan } from './span';

const STRING_PREFIXES: ReadonlySet<string> = new Set(['r', 'u', 'b', 'f', 't', 'br', 'rb', 'fr', 'rf', 'tr', 'rt']);
/** Fields nest (an f-string in a field of an f-string …); deeper than this, nothing after is read. */
const MAX_NESTING = 64;
/**
 * Each test below runs once per character. A regular expression literal inside a function is a new
 * object each time it is evaluated: written in the loop, it allocated about 60 bytes per character
 * (200 MB for 3,000 files of 33 lines), so each is made once here.
 */
const IDENTIFIER_START = /[\p{L}\p{Nl}_]/u;
const IDENTIFIER_PART = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;
const DIGIT = /[0-9]/;
const NUMBER_PART = /[\w.]/;

/** Thrown when a string is not closed, or nests too deep: nothing after it is sure. */
class Unreadable extends Error {}

/** Where the contents of the strings read so far go. */
type Strings = StringSpan[];

function isIdentifierStart(c: string): boolean {
  return IDENTIFIER_START.test(c);
}

function isIdentifierPart(c: string): boolean {
  return IDENTIFIER_PART.test(c);
}

function skipToLineEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

interface Quote {
  /** `'`, `"`, `'''` or `"""`. */
  close: string;
  raw: boolean;
  formatted: boolean;
}

/** The string opened at `from` (its quote), with the prefix read before it: the index after it. */
function stringEnd(text: string, from: number, prefix: string, depth: number, strings: Strings): number {
  if (depth > MAX_NESTING) throw new Unreadable();
  const q = text[from] as string;
  const close = text.startsWith(q.repeat(3), from) ? q.repeat(3) : q;
  const quote: Quote = { close, raw: prefix.includes('r'), formatted: prefix.includes('f') || prefix.includes('t') };
  return literalEnd(text, from + close.length, quote, depth, false, strings);
}

/**
 * The literal part of a string from `from` to its closing quote (or, with `inSpec`, to the `}`
 * ending a format spec): the index after the quote (or of the `}`).
 */
function literalEnd(text: string, from: number, quote: Quote, depth: number, inSpec: boolean, strings: Strings): number {
  const single = quote.close.length === 1;
  let literal = from;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (text.startsWith(quote.close, i)) {
      if (inSpec) throw new Unreadable();
      strings.push({ start: literal, end: i });
      return i + quote.close.length;
    }
    if (c === '\\') {
      const next = text[i + 1];
      if (quote.formatted && (next === '{' || next === '}')) continue;
      if (quote.formatted && !quote.raw && next === 'N' && text[i + 2] === '{') {
        const named = text.indexOf('}', i + 3);
        if (named < 0) throw new Unreadable();
        i = named;
      } else {
        i += next === '\r' && text[i + 2] === '\n' ? 2 : 1;
      }
    } else if (single && (c === '\n' || c === '\r')) {
      throw new Unreadable();
    } else if (quote.formatted && c === '{') {
      if (text[i + 1] === '{' && !inSpec) i++;
      else {
        strings.push({ start: literal, end: i });
        i = fieldEnd(text, i + 1, quote, depth + 1, strings);
        literal = i + 1;
      }
    } else if (quote.formatted && c === '}') {
      if (inSpec) {
        strings.push({ start: literal, end: i });
        return i;
      }
      if (text[i + 1] === '}') i++;
    }
  }
  throw new Unreadable();
}

/** A replacement field's code from `from`: the index of its closing `}`. */
function fieldEnd(text: string, from: number, quote: Quote, depth: number, strings: Strings): number {
  if (depth > MAX_NESTING) throw new Unreadable();
  let brackets = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '#') {
      const end = skipToLineEnd(text, i);
      strings.push({ start: i + 1, end });
      i = end - 1;
    } else if (c === "'" || c === '"') i = stringEnd(text, i, '', depth + 1, strings) - 1;
    else if (isIdentifierStart(c)) {
      let end = i + 1;
      while (end < text.length && isIdentifierPart(text[end] as string)) end++;
      const word = text.slice(i, end).toLowerCase();
      const q = text[end];
      i = (q === "'" || q === '"') && STRING_PREFIXES.has(word) ? stringEnd(text, end, word, depth + 1, strings) - 1 : end - 1;
    } else if (c === '(' || c === '[' || c === '{') brackets++;
    else if (c === ')' || c === ']') brackets--;
    else if (c === '}') {
      if (brackets === 0) return i;
      brackets--;
    } else if (c === ':' && brackets === 0) {
      // The format spec: text, with fields of its own, to the field's `}`.
      return literalEnd(text, i + 1, quote, depth, true, strings);
    } else if (c === '!' && text[i + 1] === '=') i++;
  }
  throw new Unreadable();
}

export function pythonText(text: string): LexedText {
  const comments: CommentSpan[] = [];
  const strings: Strings = [];
  let i = 0;
  try {
    while (i < text.length) {
      const c = text[i] as string;
      if (c === '#') {
        const comment = lineComment(text, i, 1, true);
        comments.push(comment);
        i = comment.end;
      } else if (c === "'" || c === '"') {
        i = stringEnd(text, i, '', 0, strings);
      } else if (isIdentifierStart(c)) {
        let end = i + 1;
        while (end < text.length && isIdentifierPart(text[end] as string)) end++;
        const word = text.slice(i, end).toLowerCase();
        const q = text[end];
        i = (q === "'" || q === '"') && STRING_PREFIXES.has(word) ? stringEnd(text, end, word, 0, strings) : end;
      } else if (DIGIT.test(c)) {
        // A number, letters included (0x1f, 1e5, 10j): never a string prefix.
        let end = i + 1;
        while (end < text.length && NUMBER_PART.test(text[end] as string)) end++;
        i = end;
      } else {
        i++;
      }
    }
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    // The strings of the literal not closed (its fields') are left out with it.
    return { comments, strings: strings.filter((span) => span.end <= i), unsureAt: i };
  }
  return { comments, strings };
}
