/**
 * Text from the review service (and file paths from a fork's author) is untrusted and lands in
 * markdown that GitHub renders and that review-gate later re-reads for its hidden markers. Every
 * such string goes through one of these functions; each returns markdown that stays inside the
 * spot the caller put it in and is at most `max` characters long.
 *
 * What is defused, and how:
 * - `@user` / `@org/team` mentions: a zero-width space goes after the `@` (GitHub only notifies
 *   when a name follows `@` directly). An `@` after a letter or digit is an e-mail address and is
 *   left alone. Code (fences, code spans) is left alone: GitHub does not notify from code.
 * - HTML, including comments and so forged `<!-- review-gate:… -->` markers: in prose every `<`
 *   becomes `&lt;`, and an `&` that starts an entity becomes `&amp;`, so `&lt;!--` shows as
 *   typed instead of decoding to `<!--`. In code, where entities do not decode, `<!` gets a
 *   zero-width space inside it so no marker or HTML comment can appear in the raw body.
 * - Block breakouts: a line starting with ``` ``` ```, `~~~`, `#`, `>`, `|`, `===` or `---`
 *   gets a backslash; in one-line text an odd number of backticks is escaped so no code span
 *   leaks into the rest of the line; in table cells `|` becomes `\|` and newlines become spaces.
 * - Control characters and bidirectional overrides (Trojan Source) are removed.
 */

export const ZERO_WIDTH_SPACE = '\u200B';
const ELLIPSIS = '…';

type ProseMode = 'inline' | 'table' | 'block';

function checkMax(max: number): void {
  if (!Number.isInteger(max) || max < 1) {
    throw new TypeError(`Expected \`max\` to be an integer from 1 and up, got ${String(max)}`);
  }
}

/**
 * C0/C1 controls except tab and newline, and every bidi control (Unicode's Bidi_Control: the
 * embeddings, overrides and isolates, and the LRM, RLM and ALM marks).
 */
function isInvisibleControl(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** Whether `s` holds a character `clean` would remove (CR aside). */
export function hasInvisibleControl(s: string): boolean {
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (code !== 0x0d && isInvisibleControl(code)) return true;
  }
  return false;
}

/** A character `clean` changes: a CR, or one of `isInvisibleControl`'s (none is a surrogate). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_CLEANING = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** LF line endings, no invisible controls. */
function clean(s: string): string {
  // Most text has nothing to remove: returned as it is, without a copy built a character at a time.
  if (!NEEDS_CLEANING.test(s)) return s;
  let out = '';
  for (const ch of s.replace(/\r\n?/g, '\n')) {
    if (!isInvisibleControl(ch.codePointAt(0) ?? 0)) out += ch;
  }
  return out;
}

const ENTITY = /^&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
const MENTION_START = /[A-Za-z0-9]/;
const WORD_CHAR = /[A-Za-z0-9_]/;
/** Openers of a block that would swallow or restyle what follows: fences, headings, quotes… */
const LINE_START_MARKER = /^( {0,3})(```|~~~|#|>|\||=+\s*$|-+\s*$|(?:[-*_]\s*){3,}$)/;

/** One output unit per input code point, so truncation never splits an escape. */
function proseUnits(text: string, mode: ProseMode): string[] {
  const chars = [...text];
  const units: string[] = [];
  let lineStart = 0;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    if (i === lineStart) {
      const marker = LINE_START_MARKER.exec(chars.slice(i, i + 200).join('').split('\n')[0] ?? '');
      if (marker) {
        const at = i + (marker[1]?.length ?? 0);
        // Push the indentation, then the escaped marker character.
        for (; i < at; i++) units.push(chars[i] as string);
        units.push(`\\${chars[i] as string}`);
        continue;
      }
    }
    if (ch === '\n') lineStart = i + 1;
    if (ch === '<') units.push('&lt;');
    else if (ch === '&' && ENTITY.test(chars.slice(i, i + 40).join(''))) units.push('&amp;');
    else if (ch === '@' && MENTION_START.test(chars[i + 1] ?? '') && !WORD_CHAR.test(chars[i - 1] ?? '')) {
      units.push(`@${ZERO_WIDTH_SPACE}`);
    } else if (ch === '|' && mode === 'table') units.push('\\|');
    else units.push(ch);
  }
  return units;
}

/** Joins units, cut to `max` characters with a visible ellipsis when they do not fit. */
function fit(units: readonly string[], max: number): string {
  let total = 0;
  for (const u of units) total += u.length;
  if (total <= max) return units.join('');
  let kept = '';
  for (const u of units) {
    if (kept.length + u.length > max - ELLIPSIS.length) break;
    kept += u;
  }
  return kept.trimEnd() + ELLIPSIS;
}

function escapeOddBackticks(units: string[]): string[] {
  const ticks = units.filter((u) => u === '`').length;
  return ticks % 2 === 0 ? units : units.map((u) => (u === '`' ? '\\`' : u));
}

/**
 * Prose whose every code point is its own unit, unescaped (see `proseUnits`): no character that
 * gets escaped, no backtick, and no line that could open a block (its first character, after up
 * to three spaces, is none a marker starts with).
 */
const ESCAPED_IN_PROSE = /[<&@`]/;
const MARKER_AT_LINE_START = /(?:^|\n) {0,3}[`~#>|=*_-]/;

function isPlainProse(text: string, mode: ProseMode): boolean {
  return !ESCAPED_IN_PROSE.test(text) && !(mode === 'table' && text.includes('|')) && !MARKER_AT_LINE_START.test(text);
}

function oneLine(text: string, mode: 'inline' | 'table', max: number): string {
  checkMax(max);
  const line = clean(text).replace(/\s+/g, ' ').trim();
  // What the units would join back into, uncut: no array of characters built to say so.
  if (line.length <= max && isPlainProse(line, mode)) return line;
  const units = proseUnits(line, mode);
  const first = fit(escapeOddBackticks(units), max);
  // Cutting can leave one backtick of a pair behind; escape them all then.
  if (first.endsWith(ELLIPSIS)) {
    const ticks = (first.match(/(?<!\\)`/g) ?? []).length;
    if (ticks % 2 === 1) return fit(units.map((u) => (u === '`' ? '\\`' : u)), max);
  }
  return first;
}

/** Untrusted text on one line of prose (a list item, a sentence): whitespace collapsed. */
export function inlineText(s: string, max: number): string {
  return oneLine(s, 'inline', max);
}

/** Untrusted text for one GFM table cell: one line, `|` escaped. */
export function tableCell(s: string, max: number): string {
  return oneLine(s, 'table', max);
}

/** Untrusted text as its own paragraphs: line breaks kept, at most one blank line in a row. */
export function blockText(s: string, max: number): string {
  checkMax(max);
  const text = clean(s)
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text.length <= max && isPlainProse(text, 'block')) return text;
  return fit(proseUnits(text, 'block'), max);
}

/** Untrusted text where markdown is not rendered (annotations, the log): one line, trimmed. */
export function plainText(s: string, max: number): string {
  checkMax(max);
  const text = clean(s).replace(/\s+/g, ' ').trim();
  return text.length <= max ? text : fit([...text], max);
}

/** Breaks `<!` in code so no HTML comment (and so no marker) exists in the raw body. */
function defuseComments(code: string): string {
  return code.replace(/<!/g, `<${ZERO_WIDTH_SPACE}!`);
}

function longestRun(s: string, ch: string): number {
  let longest = 0;
  let run = 0;
  for (const c of s) {
    run = c === ch ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Untrusted text as an inline code span, e.g. a file path. `table` also escapes `|`. */
export function inlineCode(s: string, max: number, context: 'text' | 'table' = 'text'): string {
  checkMax(max);
  let body = defuseComments(clean(s).replace(/\n/g, ' '));
  if (body === '') body = ' ';
  const fence = '`'.repeat(longestRun(body, '`') + 1);
  // A span that starts or ends with a backtick needs a space inside its fence.
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  const room = Math.max(1, max - 2 * (fence.length + pad.length));
  const escapes = context === 'table' && body.includes('|');
  const text = !escapes && body.length <= room ? body : fit([...body].map((c) => (context === 'table' && c === '|' ? '\\|' : c)), room);
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * Code as a fenced block whose fence is longer than any backtick run inside, so the code cannot
 * close it. `max` caps the whole block; code past it is cut at a line end and marked `…`.
 */
export function codeFence(code: string, lang?: string, max?: number): string {
  const body = defuseComments(clean(code)).replace(/\n+$/, '');
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  const info = (lang ?? '').replace(/[^A-Za-z0-9_+.#-]/g, '').slice(0, 30);
  const open = `${fence}${info}\n`;
  const close = `\n${fence}`;
  if (max === undefined || open.length + body.length + close.length <= max) return open + body + close;
  checkMax(max);
  const room = max - open.length - close.length - ELLIPSIS.length - 1;
  if (room < 0) return ELLIPSIS;
  const cut = body.slice(0, room);
  const atLineEnd = cut.lastIndexOf('\n');
  const kept = atLineEnd >= 0 ? cut.slice(0, atLineEnd) : cut;
  return `${open}${kept}${kept === '' ? '' : '\n'}${ELLIPSIS}${close}`;
}
