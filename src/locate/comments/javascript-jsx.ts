/**
 * JSX in the JavaScript/TypeScript lexer: an element opened by `<` where an operand may come, its
 * tag (name, attributes: quoted text, `{…}` code, comments between them skipped), its children
 * (text, where `//` is text; `{…}` code; nested elements) and its closing tag, which must name it.
 * Comments and text inside are held until the outermost element closes: a reading that took a `<` for an
 * element wrongly never closes it, and its comments never count. What the lexer does not know
 * here (a `<` inside a tag, as in TypeScript's `<C<T>>`) ends the reading.
 */
import { codeFrame } from './javascript-state';
import type { CodeFrame, Frame, LexState } from './javascript-state';

/** What the JSX steps need of the line being read. */
export interface LineReader {
  readonly text: string;
  /** Index after the line's last character. */
  readonly end: number;
  /** Ends the reading: nothing after it is sure. */
  opaque(s: LexState): number;
  find(needle: string, from: number): number;
  lineCommentEnd(from: number): number;
  fork(s: LexState, at: number, change: (frame: CodeFrame) => void): void;
  /** Text that is not code: an attribute's quoted value, the text between tags. */
  reportString(s: LexState, start: number, end: number): void;
}

const SPACE = /\s/;
const JSX_NAME = /[\p{ID_Start}$_][\p{ID_Continue}$.:-]*/uy;
const ATTRIBUTE_NAME = /[\p{ID_Continue}$:.-]+/uy;
const CLOSING_TAG = /<\/\s*([^\s>]*)\s*>/y;
/** `<T,>(x: T) => x`: type parameters in a .tsx file, never an element. */
const TYPE_PARAMETERS = /<\s*[A-Za-z_$][\w$]*\s*,/y;

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** `<` in code of a file that may hold JSX. */
export function jsxAngle(r: LineReader, s: LexState, f: CodeFrame, i: number): number {
  if (f.prev === 'value' || f.prev === 'dot' || matchAt(TYPE_PARAMETERS, r.text, i) !== null) {
    f.prev = 'op';
    // The whole operator: `<<` is no `<` then an element.
    return r.text.startsWith('<<', i) ? i + 2 : i + 1;
  }
  if (f.prev === 'either') r.fork(s, i + 1, (other) => (other.prev = 'op'));
  f.prev = 'value';
  s.frames.push({ k: 'tag', name: undefined });
  s.jsx++;
  return i + 1;
}

export function jsxTag(r: LineReader, s: LexState, frame: Extract<Frame, { k: 'tag' }>, i: number): number {
  const { text } = r;
  const c = text[i] as string;
  const next = text[i + 1];
  if (SPACE.test(c)) return i + 1;
  if (c === '>') {
    s.frames[s.frames.length - 1] = { k: 'children', name: frame.name ?? '' };
    return i + 1;
  }
  if (frame.name === undefined) {
    const name = matchAt(JSX_NAME, text, i);
    if (name === null) return r.opaque(s);
    frame.name = name[0];
    return i + name[0].length;
  }
  if (c === '/' && next === '>') {
    s.frames.pop();
    return closeElement(s, i + 2);
  }
  // A comment between attributes: skipped, not counted.
  if (c === '/' && next === '/') return r.lineCommentEnd(i);
  if (c === '/' && next === '*') {
    s.frames.push({ k: 'block', start: i, report: false });
    return i + 2;
  }
  if (c === '"' || c === "'") {
    const close = r.find(c, i + 1);
    r.reportString(s, i + 1, close < 0 ? r.end : close);
    if (close >= 0) return close + 1;
    s.frames.push({ k: 'attribute', quote: c });
    return r.end;
  }
  if (c === '{') {
    s.frames.push(codeFrame('attribute'));
    return i + 1;
  }
  if (c === '=') return i + 1;
  const attribute = matchAt(ATTRIBUTE_NAME, text, i);
  return attribute === null ? r.opaque(s) : i + attribute[0].length;
}

export function jsxChildren(r: LineReader, s: LexState, frame: Extract<Frame, { k: 'children' }>, i: number): number {
  const { text } = r;
  const c = text[i];
  if (c === '{') {
    s.frames.push(codeFrame('child', i));
    return i + 1;
  }
  if (c === '<' && text[i + 1] === '/') {
    const closing = matchAt(CLOSING_TAG, text, i);
    if (closing === null || closing[1] !== frame.name || closing.index + closing[0].length > r.end) return r.opaque(s);
    s.frames.pop();
    return closeElement(s, i + closing[0].length);
  }
  if (c === '<') {
    s.frames.push({ k: 'tag', name: undefined });
    s.jsx++;
    return i + 1;
  }
  let end = i + 1;
  while (end < r.end && text[end] !== '{' && text[end] !== '<') end++;
  r.reportString(s, i, end);
  return end;
}

function closeElement(s: LexState, at: number): number {
  s.jsx--;
  if (s.jsx === 0) {
    s.pending.push(...s.held);
    s.held = [];
  }
  return at;
}
