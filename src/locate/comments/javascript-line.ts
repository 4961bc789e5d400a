/**
 * One line of a JavaScript/TypeScript text, read by every reading alive at its start (see
 * javascript.ts): code, template literals, strings, block comments, and JSX (javascript-jsx.ts).
 * What a `/` is follows from the token before it; where that allows both a division and a
 * regular expression (after `}`, `of`, `yield`, `await`, or a `!` after a value), the reading
 * forks. A reading whose string or regular expression is not closed on its line is dead.
 */
import { jsxAngle, jsxChildren, jsxTag } from './javascript-jsx';
import type { LineReader } from './javascript-jsx';
import { cloneState, codeFrame } from './javascript-state';
import { IDENTIFIER_PART, LINE_TERMINATOR, regexEnd } from './javascript-regex';
import { afterWord } from './javascript-words';
import type { CodeFrame, Found, Frame, LexState } from './javascript-state';
import type { CommentSpan } from './span';

/** Readings of one line at most; past it the lexer stops, so the work stays linear. */
const MAX_READINGS = 16;
const MAX_DEPTH = 256;
/** Comments and strings a reading may hold unsettled when it forks (javascript.ts settles them at line ends). */
export const MAX_FOUND = 400;

const SPACE = /\s/;
/** Made once: a regular expression literal in a function is a new object at each evaluation, and these run per character. */
const DIGIT = /[0-9]/;
const NUMBER_PART = /[\w.]/;

export class TooManyReadings extends Error {}

function top(state: LexState): Frame {
  return state.frames[state.frames.length - 1] as Frame;
}

/** One line of the text, read by every reading alive at its start. */
export class Line implements LineReader {
  readonly forks: Array<{ state: LexState; at: number }> = [];

  constructor(
    readonly text: string,
    private readonly jsx: boolean,
    private readonly start: number,
    readonly end: number,
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
      else if (frame.k === 'tag') i = jsxTag(this, s, frame, i);
      else if (frame.k === 'attribute') {
        const close = this.find(frame.quote, i);
        if (close >= 0) s.frames.pop();
        this.reportString(s, i, close < 0 ? this.end : close);
        i = close < 0 ? this.end : close + 1;
      } else i = jsxChildren(this, s, frame, i);
    }
  }

  opaque(s: LexState): number {
    s.status = 'opaque';
    return this.end;
  }

  private dead(s: LexState): number {
    s.status = 'dead';
    return this.end;
  }

  /** Index of `needle` in the rest of this line, or -1. */
  find(needle: string, from: number): number {
    for (let i = from; i + needle.length <= this.end; i++) if (this.text.startsWith(needle, i)) return i;
    return -1;
  }

  private report(s: LexState, comment: CommentSpan): void {
    const frame = top(s);
    if (frame.k === 'code' && frame.closer === 'child') frame.comments++;
    (s.jsx > 0 ? s.held : s.pending).push({ ...comment, kind: 'comment' });
  }

  /** Text of a string, a template literal, a regular expression or JSX, from `start` to `end`. */
  reportString(s: LexState, start: number, end: number): void {
    if (end > start) (s.jsx > 0 ? s.held : s.pending).push({ start, end, bodyStart: start, bodyEnd: end, kind: 'string' });
  }

  fork(s: LexState, at: number, change: (frame: CodeFrame) => void): void {
    // A fork copies what the reading found: with too much of it the work would not stay linear.
    if (s.pending.length + s.held.length > MAX_FOUND) throw new TooManyReadings();
    const other = cloneState(s);
    change(top(other) as CodeFrame);
    this.forks.push({ state: other, at });
  }

  lineCommentEnd(from: number): number {
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
    if (DIGIT.test(c) || (c === '.' && DIGIT.test(next ?? ''))) {
      let end = i + 1;
      while (end < this.end && NUMBER_PART.test(text[end] as string)) end++;
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
    if (c === '<' && this.jsx) return jsxAngle(this, s, f, i);
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
    f.prev = afterWord(f.prev, this.text.slice(i, end));
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
      const comment = s.held.pop() as Found;
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
    const regex = regexEnd(this.text, i + 1, this.end);
    f.prev = 'value';
    if (regex === undefined) return this.dead(s);
    this.reportString(s, i + 1, regex.close);
    return regex.end;
  }

  /** A string's rest from `from`: the index after its quote; continued on the next line after a backslash. */
  private string(s: LexState, quote: string, from: number): number {
    const { text } = this;
    for (let i = from; i < this.end; i++) {
      const c = text[i];
      if (c === quote) {
        this.reportString(s, from, i);
        return i + 1;
      }
      if (c === '\n' || c === '\r') return this.dead(s);
      if (c === '\\') {
        const lineBreak = text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n');
        if (lineBreak) {
          // The backslash and the line break are kept: they are what continues the string.
          this.reportString(s, from, i);
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
        this.reportString(s, from, i);
        return i + 1;
      } else if (c === '$' && text[i + 1] === '{') {
        this.reportString(s, from, i);
        s.frames.push(codeFrame('template'));
        return i + 2;
      }
    }
    this.reportString(s, from, this.end);
    return this.end;
  }

  private blockRest(s: LexState, frame: Extract<Frame, { k: 'block' }>, from: number): number {
    const close = this.find('*/', from);
    if (close < 0) return this.end;
    s.frames.pop();
    if (frame.report) this.report(s, { start: frame.start, end: close + 2, bodyStart: frame.start + 2, bodyEnd: close });
    return close + 2;
  }
}
