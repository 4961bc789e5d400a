/**
 * What the comment lexers share: the span of a comment, and where a line ends. Each lexer is a
 * single pass over the text (linear in its size) that reports only comments it is sure of: where
 * it cannot tell a comment from a string, it reports none from there on (fail closed).
 */

/** A comment of the source: `[start, end)` covers it whole, opener and closer included; `[bodyStart, bodyEnd)` is its text. */
export interface CommentSpan {
  start: number;
  end: number;
  bodyStart: number;
  bodyEnd: number;
}

/** The contents of a string literal (or of a regular expression, or JSX text): `[start, end)`, its quotes left out. */
export interface StringSpan {
  start: number;
  end: number;
}

/** What a lexer read of a text: its comments, its strings' contents, and how far it is sure of them. */
export interface LexedText {
  comments: CommentSpan[];
  strings: StringSpan[];
  /**
   * Where the lexer stopped telling text from code for sure (a string not closed, a construct it
   * reads two ways that disagree on what is text); undefined when it is sure to the end.
   */
  unsureAt?: number;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Where the line holding `from` ends: at the next LF, or with `crEnds` at a lone CR too (Python
 * reads a lone CR as a line break). A CR right before the LF is not part of the line's text.
 */
export function lineEnd(text: string, from: number, crEnds = false): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === LF) return i > from && text.charCodeAt(i - 1) === CR ? i - 1 : i;
    if (crEnds && code === CR) return i;
  }
  return text.length;
}

/** A line comment opened at `start` by an opener of `openerLength` characters, to the end of its line. */
export function lineComment(text: string, start: number, openerLength: number, crEnds = false): CommentSpan {
  const end = lineEnd(text, start + openerLength, crEnds);
  return { start, end, bodyStart: start + openerLength, bodyEnd: end };
}

/**
 * Skips a quoted literal whose opening quote is just before `from`: backslash escapes the next
 * character; a line break ends it unless `multiline` (or escaped). Returns the index after the
 * closing quote, or -1 when it is not closed (an error in the language: nothing after it is sure).
 * `strings`, when given, gets its contents.
 */
export function skipQuoted(text: string, from: number, quote: string, multiline: boolean, strings?: StringSpan[]): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === quote) {
      strings?.push({ start: from, end: i });
      return i + 1;
    } else if (!multiline && (c === '\n' || c === '\r')) return -1;
  }
  return -1;
}

/** After a block comment's opener (at `from - 2`): the index after its close, or -1; `nested` counts inner openers (Rust). */
function blockCommentEnd(text: string, from: number, nested: boolean): number {
  if (!nested) {
    const close = text.indexOf('*/', from);
    return close < 0 ? -1 : close + 2;
  }
  let depth = 1;
  for (let i = from; i < text.length - 1; i++) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth++;
      i++;
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * A `//` or `/* … *\/` comment opening at `i`, in the syntax Go and Rust share: the comment and
 * the index after it (`to` -1 for a block comment never closed); undefined when none opens there.
 */
export function slashComment(text: string, i: number, nested: boolean): { comment?: CommentSpan; to: number } | undefined {
  if (text[i] !== '/') return undefined;
  if (text[i + 1] === '/') {
    const comment = lineComment(text, i, 2);
    return { comment, to: comment.end };
  }
  if (text[i + 1] !== '*') return undefined;
  const to = blockCommentEnd(text, i + 2, nested);
  return to < 0 ? { to } : { comment: { start: i, end: to, bodyStart: i + 2, bodyEnd: to - 2 }, to };
}
