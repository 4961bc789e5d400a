/**
 * Comments of JavaScript and TypeScript: `//` to the end of the line and `/* … *\/`. Strings
 * ('…', "…", continued over a line by a backslash), template literals with `${…}` nested to any
 * depth, regular expressions (`/[//]/` holds no comment), and, in files that may hold JSX
 * (JavaScript, and TypeScript's .tsx), JSX elements, whose text holds no comment either; a
 * `{/* … *\/}` child is JSX's own comment.
 *
 * JavaScript cannot always be read one way by looking back: after `}` a `/` opens a regular
 * expression (a block ended) or divides (an object ended), and so on. Where it can be either,
 * the lexer follows both readings (javascript-line.ts); at each line end the readings that now
 * agree become one, and a comment counts only when every reading found it. A reading that meets
 * an error (a string not closed) is dropped: the language would refuse it. Too many readings at
 * once, `<!--` or `-->` (HTML-like comments in a script, operators in a module), or JSX the lexer
 * does not know end the reading: nothing after counts. Each line is read by at most 16 readings,
 * so the work stays linear in the size of the text. Pure.
 */
import { Line, TooManyReadings } from './javascript-line';
import { commonComments, initialState, mergeStates } from './javascript-state';
import type { LexState } from './javascript-state';
import type { CommentSpan } from './span';

/** Comments found by some readings and not yet by all, held while several readings are alive. */
const MAX_UNSETTLED = 200;

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

