/**
 * The file as the second review of `injection-check` sees it: the text of every comment and the
 * contents of every string (docstrings, template literals, raw strings, regular expressions, JSX
 * text) blanked, so no word of the author's can reach the judge, while every line number, every
 * code token and the file's length stay as they were. Each character of such text becomes a
 * space, except line breaks (the lines stay where they are) and a backslash before a line break
 * (it is what continues a string over the line). Comment delimiters and quotes stay: the code
 * still reads as code.
 *
 * The comment lexers find the text (comments/). Where a lexer cannot tell text from code for sure,
 * the file cannot be blanked with confidence: `unsure`, and the caller fails closed. Pure.
 */
import type { Defanged } from '../domain/injection';
import type { ReviewLanguage } from '../domain/vocabulary';
import { findText } from './comments';

/**
 * What a blanked character becomes: a space, a line break kept, a backslash before one kept. Runs
 * of characters at once: a callback per character cost 1.7 s of CPU on an 8 MB file of comments.
 */
const BLANKED = /[^\n\r\u2028\u2029\\]+|\\(?![\n\r])/g;
const spaces = (run: string): string => ' '.repeat(run.length);
const VISIBLE = /\S/;

export function defang(content: string, language: ReviewLanguage, path: string): Defanged {
  const lexed = findText(content, language, path);
  if (lexed.unsureAt !== undefined) return { kind: 'unsure', line: lineOf(content, lexed.unsureAt) };
  const spans = [...lexed.comments.map((c) => ({ start: c.bodyStart, end: c.bodyEnd })), ...lexed.strings]
    .filter((span) => VISIBLE.test(content.slice(span.start, span.end)))
    .sort((a, b) => a.start - b.start);
  if (spans.length === 0) return { kind: 'nothing' };
  let text = '';
  let at = 0;
  for (const span of spans) {
    // Spans do not overlap; a string inside a comment's span (none do) would be blanked already.
    const from = Math.max(at, span.start);
    text += content.slice(at, from) + content.slice(from, span.end).replace(BLANKED, spaces);
    at = Math.max(at, span.end);
  }
  return { kind: 'blanked', text: text + content.slice(at) };
}

/** The 1-based line holding `offset`, as git numbers lines (at LF). */
function lineOf(content: string, offset: number): number {
  let line = 1;
  for (let at = content.indexOf('\n'); at >= 0 && at < offset; at = content.indexOf('\n', at + 1)) line++;
  return line;
}
