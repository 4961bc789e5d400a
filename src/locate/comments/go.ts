/**
 * Comments and strings of Go: `//` to the end of the line and `/* … *\/` (not nested). Strings are
 * interpreted ("…", one line, with escapes) or raw (`…`, any lines, no escapes); runes are '…'
 * with escapes, so '`' and '"' are no string openers (nor strings: a rune holds one character).
 * Pure.
 */
import { skipQuoted, slashComment } from './span';
import type { CommentSpan, LexedText, StringSpan } from './span';

export function goText(text: string): LexedText {
  const comments: CommentSpan[] = [];
  const strings: StringSpan[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const slash = slashComment(text, i, false);
    let to = i + 1;
    if (slash !== undefined) {
      if (slash.comment !== undefined) comments.push(slash.comment);
      to = slash.to;
    } else if (c === '"') {
      to = skipQuoted(text, i + 1, c, false, strings);
    } else if (c === "'") {
      to = skipQuoted(text, i + 1, c, false);
    } else if (c === '`') {
      const close = text.indexOf('`', i + 1);
      if (close >= 0) strings.push({ start: i + 1, end: close });
      to = close < 0 ? -1 : close + 1;
    }
    // Not closed: a compile error, and nothing after it can be read for sure.
    if (to < 0) return { comments, strings, unsureAt: i };
    i = to;
  }
  return { comments, strings };
}
