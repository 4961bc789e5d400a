/**
 * Comments of JavaScript and TypeScript: `//` to the end of the line and `/* … *\/`. Strings
 * ('…', "…", continued over a line by a backslash), template literals with `${…}` nested to any
 * depth, regular expressions (`/[//]/` holds no comment), and, in files that may hold JSX
 * (JavaScript, and TypeScript's .tsx), JSX elements, whose text holds no comment either; a
 * `{/* … *\/}` child is JSX's own comment.
 *
 * JavaScript cannot always be read one way by looking back: after `}` a `/` opens a regular
 * expression (a block ended) or divides (an object ended), and so on. Where it can be either,
 * the lexer follows both readings; at each line end the readings that now agree become one, and
 * a comment counts only when every reading found it. A reading that meets an error (a string not
 * closed) is dropped: the language would refuse it. Too many readings at once, `<!--` or `-->`
 * (HTML-like comments in a script, operators in a module), or JSX the lexer does not know end the
 * reading: nothing after counts. Each line is read by at most 16 readings, so the
 * work stays linear in the size of the text. Pure.
 */
import { cloneState, codeFrame, commonComments, initialState, mergeStates } from './javascript-state';
import type { CodeFrame, Frame, LexState } from './javascript-state';
import type { CommentSpan } from './span';

const MAX_READINGS = 16;
const MAX_DEPTH = 256;
/** Comments found by some readings and not yet by all, held while several readings are alive. */
const MAX_UNSETTLED = 200;

const CONTROL_WORDS: ReadonlySet<string> = new Set(['if', 'while', 'for', 'with']);
/** Keywords after which an operand comes: `return /re/`, `typeof /re/`. */
const OPERAND_WORDS: ReadonlySet<string> = new Set([
  'return', 'typeof', 'instanceof', 'in', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'extends', 'default',
]);
/** Keywords that may also be plain names: `of / 2` divides, `yield /re/` does not. */
const EITHER_WORDS: ReadonlySet<string> = new Set(['of', 'yield', 'await']);

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const SPACE = /\s/;
const IDENTIFIER_PART = /[\w$\\#]|[^\p{ASCII}\s]/u;
const JSX_NAME = /[\p{ID_Start}$_][\p{ID_Continue}$.:-]*/uy;
const ATTRIBUTE_NAME = /[\p{ID_Continue}$:.-]+/uy;
const CLOSING_TAG = /<\/\s*([^\s>]*)\s*>/y;
/** `<T,>(x: T) => x`: type parameters in a .tsx file, never an element. */
const TYPE_PARAMETERS = /<\s*[A-Za-z_$][\w$]*\s*,/y;

class TooManyReadings extends Error {}

function top(state: LexState): Frame {
  return state.frames[state.frames.length - 1] as Frame;
}

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/**
 * A regular expression's body from `from` (after its `/`): the index after its flags, or
 * undefined when the line ends first. A class (`[…]`) ends at its first `]`, flags or not: the
 * `v` flag nests classes in the pattern, not in where the literal ends.
 */
function regexEnd(text: string, from: number, to: number): number | undefined {
  let inClass = false;
  for (let i = from; i < to; i++) {
    const c = text[i] as string;
    if (LINE_TERMINATOR.test(c)) return undefined;
    if (c === '\\') {
      i++;
      if (i < to && LINE_TERMINATOR.test(text[i] as string)) return undefined;
    } else if (c === '[') {
      inClass = true;
    } else if (c === ']') {
      inClass = false;
    } else if (c === '/' && !inClass) {
      let end = i + 1;
      while (end < to && IDENTIFIER_PART.test(text[end] as string)) end++;
      return end;
    }
  }
  return undefined;
}

/** One line of the text, read by every reading alive at its start. */
class Line {
  readonly forks: Array<{ state: LexState; at: number }> = [];

  constructor(
    private readonly text: string,
    private readonly jsx: boolean,
    private readonly start: number,
    private readonly end: number,
  ) {}

  /** Every reading at the line's end, those the line forked included. */
  readAll(states: readonly LexState[]): LexState[] {
    const done: LexState[] = [];
    const work = states.map((state) => ({ state, at: this.start }));
    for (let next = work.pop(); next !== undefined; next = work.pop()) {
      this.read(next.state, next.at);
      done.push(next.state);
      work.push(...this.forks.splice(0));
      if (done.length + work.length > MAX_READINGS) throw new TooManyReadings();
    }
    return done;
  }

  private read(s: LexState, from: number): void {
    let i = from;
    while (i < this.end && s.status === 'alive') {
      const frame = top(s);
      if (s.frames.length > MAX_DEPTH) i = this.opaque(s);
      else if (frame.k === 'code') i = this.code(s, frame, i);
      else if (frame.k === 'template') i = this.template(s, i);
      else if (frame.k === 'string') {
        s.frames.pop();
        i = this.string(s, frame.quote, i);
      } else if (frame.k === 'block') i = this.blockRest(s, frame, i);
      else if (frame.k === 'tag') i = this.tag(s, frame, i);
      else if (frame.k === 'attribute') {
        const close = this.find(frame.quote, i);
        if (close >= 0) s.frames.pop();
        i = close < 0 ? this.end : close + 1;
      } else i = this.children(s, frame, i);
    }
  }

  private opaque(s: LexState): number {
    s.status = 'opaque';
    return this.end;
  }

  private dead(s: LexState): number {
    s.status = 'dead';
    return this.end;
  }

  /** Index of `needle` in the rest of this line, or -1. */
  private find(needle: string, from: number): number {
    const at = this.text.indexOf(needle, from);
    return at >= 0 && at + needle.length <= this.end ? at : -1;
  }

  private report(s: LexState, comment: CommentSpan): void {
    const frame = top(s);
    if (frame.k === 'code' && frame.closer === 'child') frame.comments++;
    (s.jsx > 0 ? s.held : s.pending).push(comment);
  }

  private fork(s: LexState, at: number, change: (frame: CodeFrame) => void): void {
    const other = cloneState(s);
    change(top(other) as CodeFrame);
    this.forks.push({ state: other, at });
  }

  private lineCommentEnd(from: number): number {
    let i = from;
    while (i < this.end && !LINE_TERMINATOR.test(this.text[i] as string)) i++;
    return i;
  }

  private code(s: LexState, f: CodeFrame, i: number): number {
    const { text } = this;
    const c = text[i] as string;
    const next = text[i + 1];
    if (SPACE.test(c)) return i + 1;
    if (c === '/' && next === '/') {
      const end = this.lineCommentEnd(i + 2);
      this.report(s, { start: i, end, bodyStart: i + 2, bodyEnd: end });
      return end;
    }
    if (c === '/' && next === '*') {
      s.frames.push({ k: 'block', start: i, report: true });
      return i + 2;
    }
    if (c === '}') return this.closeBrace(s, f, i);
    f.onlyComments = false;
    if (c === '#' && i === 0 && next === '!') return this.lineCommentEnd(i);
    if (c === '/') return this.slash(s, f, i);
    if (c === "'" || c === '"') {
      f.prev = 'value';
      return this.string(s, c, i + 1);
    }
    if (c === '`') {
      f.prev = 'value';
      s.frames.push({ k: 'template' });
      return i + 1;
    }
    if (c === '{') {
      f.braces++;
      f.prev = 'op';
      return i + 1;
    }
    if (c === '(') {
      f.parens.push(f.prev === 'control');
      f.prev = 'op';
      return f.parens.length > MAX_DEPTH ? this.opaque(s) : i + 1;
    }
    if (c === ')') {
      f.prev = f.parens.pop() === true ? 'op' : 'value';
      return i + 1;
    }
    if (c === ']') {
      f.prev = 'value';
      return i + 1;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(next ?? ''))) {
      let end = i + 1;
      while (end < this.end && /[\w.]/.test(text[end] as string)) end++;
      f.prev = 'value';
      return end;
    }
    if (c === '.' || (c === '?' && next === '.')) {
      if (text.startsWith('...', i)) {
        f.prev = 'op';
        return i + 3;
      }
      f.prev = 'dot';
      return i + (c === '?' ? 2 : 1);
    }
    if ((c === '+' || c === '-') && next === c) {
      // `-->` opening a line is a comment in a script, and an operator in a module or elsewhere.
      if (c === '-' && text[i + 2] === '>') return this.opaque(s);
      if (f.prev !== 'value') f.prev = 'op';
      return i + 2;
    }
    if (c === '<' && text.startsWith('<!--', i)) return this.opaque(s);
    if (c === '<' && this.jsx) return this.angle(s, f, i);
    if (c === '!' && next !== '=') {
      // `x! / 2` in TypeScript (a non-null assertion) divides; `!/re/` tests.
      f.prev = f.prev === 'value' ? 'either' : 'op';
      return i + 1;
    }
    if (IDENTIFIER_PART.test(c)) return this.word(f, i);
    f.prev = 'op';
    return i + 1;
  }

  private word(f: CodeFrame, i: number): number {
    let end = i + 1;
    while (end < this.end && IDENTIFIER_PART.test(this.text[end] as string)) end++;
    const word = this.text.slice(i, end);
    if (f.prev === 'dot') f.prev = 'value';
    else if (CONTROL_WORDS.has(word)) f.prev = 'control';
    else if (OPERAND_WORDS.has(word)) f.prev = 'op';
    else if (EITHER_WORDS.has(word)) f.prev = 'either';
    else f.prev = 'value';
    return end;
  }

  private closeBrace(s: LexState, f: CodeFrame, i: number): number {
    if (f.braces > 0 || f.closer === 'top') {
      f.braces = Math.max(0, f.braces - 1);
      f.onlyComments = false;
      // A block ended (an operand may follow) or an object did (an operator may).
      f.prev = 'either';
      return i + 1;
    }
    s.frames.pop();
    if (f.closer === 'child' && f.onlyComments && f.comments === 1) {
      // `{/* … */}` is how JSX writes a comment: the braces belong to it.
      const comment = s.held.pop() as CommentSpan;
      s.held.push({ ...comment, start: f.openAt, end: i + 1 });
    }
    return i + 1;
  }

  private slash(s: LexState, f: CodeFrame, i: number): number {
    const division = this.text[i + 1] === '=' ? i + 2 : i + 1;
    if (f.prev === 'value' || f.prev === 'dot') {
      f.prev = 'op';
      return division;
    }
    if (f.prev === 'either') this.fork(s, division, (other) => (other.prev = 'op'));
    const end = regexEnd(this.text, i + 1, this.end);
    f.prev = 'value';
    return end === undefined ? this.dead(s) : end;
  }

  /** A string's rest from `from`: the index after its quote; continued on the next line after a backslash. */
  private string(s: LexState, quote: string, from: number): number {
    const { text } = this;
    for (let i = from; i < this.end; i++) {
      const c = text[i];
      if (c === quote) return i + 1;
      if (c === '\n' || c === '\r') return this.dead(s);
      if (c === '\\') {
        const lineBreak = text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n');
        if (lineBreak) {
          s.frames.push({ k: 'string', quote });
          return this.end;
        }
        i++;
      }
    }
    return this.dead(s);
  }

  private template(s: LexState, from: number): number {
    const { text } = this;
    for (let i = from; i < this.end; i++) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === '`') {
        s.frames.pop();
        return i + 1;
      } else if (c === '$' && text[i + 1] === '{') {
        s.frames.push(codeFrame('template'));
        return i + 2;
      }
    }
    return this.end;
  }

  private blockRest(s: LexState, frame: Extract<Frame, { k: 'block' }>, from: number): number {
    const close = this.find('*/', from);
    if (close < 0) return this.end;
    s.frames.pop();
    if (frame.report) this.report(s, { start: frame.start, end: close + 2, bodyStart: frame.start + 2, bodyEnd: close });
    return close + 2;
  }

  /** `<` in code of a file that may hold JSX. */
  private angle(s: LexState, f: CodeFrame, i: number): number {
    if (f.prev === 'value' || f.prev === 'dot' || matchAt(TYPE_PARAMETERS, this.text, i) !== null) {
      f.prev = 'op';
      // The whole operator: `<<` is no `<` then an element.
      return this.text.startsWith('<<', i) ? i + 2 : i + 1;
    }
    if (f.prev === 'either') this.fork(s, i + 1, (other) => (other.prev = 'op'));
    f.prev = 'value';
    s.frames.push({ k: 'tag', name: undefined });
    s.jsx++;
    return i + 1;
  }

  private tag(s: LexState, frame: Extract<Frame, { k: 'tag' }>, i: number): number {
    const { text } = this;
    const c = text[i] as string;
    const next = text[i + 1];
    if (SPACE.test(c)) return i + 1;
    if (c === '>') {
      s.frames[s.frames.length - 1] = { k: 'children', name: frame.name ?? '' };
      return i + 1;
    }
    if (frame.name === undefined) {
      const name = matchAt(JSX_NAME, text, i);
      if (name === null) return this.opaque(s);
      frame.name = name[0];
      return i + name[0].length;
    }
    if (c === '/' && next === '>') {
      s.frames.pop();
      return this.closeElement(s, i + 2);
    }
    // A comment between attributes: skipped, not counted.
    if (c === '/' && next === '/') return this.lineCommentEnd(i);
    if (c === '/' && next === '*') {
      s.frames.push({ k: 'block', start: i, report: false });
      return i + 2;
    }
    if (c === '"' || c === "'") {
      const close = this.find(c, i + 1);
      if (close >= 0) return close + 1;
      s.frames.push({ k: 'attribute', quote: c });
      return this.end;
    }
    if (c === '{') {
      s.frames.push(codeFrame('attribute'));
      return i + 1;
    }
    if (c === '=') return i + 1;
    const attribute = matchAt(ATTRIBUTE_NAME, text, i);
    return attribute === null ? this.opaque(s) : i + attribute[0].length;
  }

  private children(s: LexState, frame: Extract<Frame, { k: 'children' }>, i: number): number {
    const { text } = this;
    const c = text[i];
    if (c === '{') {
      s.frames.push(codeFrame('child', i));
      return i + 1;
    }
    if (c === '<' && text[i + 1] === '/') {
      const closing = matchAt(CLOSING_TAG, text, i);
      if (closing === null || closing[1] !== frame.name || closing.index + closing[0].length > this.end) return this.opaque(s);
      s.frames.pop();
      return this.closeElement(s, i + closing[0].length);
    }
    if (c === '<') {
      s.frames.push({ k: 'tag', name: undefined });
      s.jsx++;
      return i + 1;
    }
    let end = i + 1;
    while (end < this.end && text[end] !== '{' && text[end] !== '<') end++;
    return end;
  }

  private closeElement(s: LexState, at: number): number {
    s.jsx--;
    if (s.jsx === 0) {
      s.pending.push(...s.held);
      s.held = [];
    }
    return at;
  }
}

/**
 * Takes the comments now sure out of each reading's pending ones, and drops those another
 * reading can no longer report (neither pending nor held in it). False when the readings hold
 * too many unsettled comments to go on linearly.
 */
function settle(states: LexState[], sure: readonly CommentSpan[]): boolean {
  const key = (c: CommentSpan): string => `${c.start}:${c.end}`;
  const settled = new Set(sure.map(key));
  if (states.length === 1) {
    for (const s of states) s.pending = [];
    return true;
  }
  const possible = states.map((s) => new Set([...s.pending, ...s.held].map(key)));
  for (const s of states) s.pending = s.pending.filter((c) => !settled.has(key(c)) && possible.every((set) => set.has(key(c))));
  return states.reduce((n, s) => n + s.pending.length + s.held.length, 0) <= MAX_UNSETTLED;
}

/** Comments of a JavaScript or TypeScript text; `jsx`: whether it may hold JSX (not in .ts files, where `<T>x` is a cast). */
export function javascriptComments(text: string, options: { jsx: boolean }): CommentSpan[] {
  const committed: CommentSpan[] = [];
  let states: LexState[] = [initialState()];
  const finish = (readings: readonly LexState[]): CommentSpan[] => [...committed, ...commonComments(readings.map((s) => s.pending))];
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    const before = states.map((s) => s.pending.length);
    let read: LexState[];
    try {
      read = new Line(text, options.jsx, start, end).readAll(states);
    } catch (error) {
      if (!(error instanceof TooManyReadings)) throw error;
      return [...committed, ...commonComments(states.map((s, i) => s.pending.slice(0, before[i])))];
    }
    const possible = read.filter((s) => s.status !== 'dead');
    // Every reading met an error: the text is not valid here, and only what came before is sure.
    if (possible.length === 0) return finish(read);
    if (possible.some((s) => s.status === 'opaque')) return finish(possible);
    states = mergeStates(possible);
    // What every reading found is sure, whatever comes next.
    const sure = commonComments(states.map((s) => s.pending));
    committed.push(...sure);
    if (!settle(states, sure)) return committed;
    start = end;
  }
  // Something still open at the end (a string, a comment, a JSX element) is an error of that reading.
  const closed = states.filter((s) => s.frames.length === 1 && s.jsx === 0);
  return finish(closed.length > 0 ? closed : states);
}
