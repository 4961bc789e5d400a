/**
 * Comments and strings of JavaScript and TypeScript: `//` to the end of the line and `/* … *\/`. Strings
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
 * so the work stays linear in the size of the text. The strings (their contents, a template
 * literal's text, a regular expression's body, JSX text) are found the same way; where the
 * readings disagree on what is text, or the lexer stops, it is unsure from there (`unsureAt`). Pure.
 */
import { Line, MAX_FOUND, TooManyReadings } from './javascript-line';
import { commonComments, initialState, mergeStates, spanKey } from './javascript-state';
import type { Found, LexState } from './javascript-state';
import type { LexedText } from './span';

/**
 * Takes what is now sure out of each reading's pending spans, and drops those another reading can
 * no longer report (neither pending nor held in it), telling `dropped`. False when the readings
 * hold too many unsettled spans to go on linearly.
 */
function settle(states: LexState[], sure: readonly Found[], dropped: (spans: readonly Found[]) => void): boolean {
  const settled = new Set(sure.map(spanKey));
  if (states.length === 1) {
    for (const s of states) s.pending = [];
    return true;
  }
  const possible = states.map((s) => new Set([...s.pending, ...s.held].map(spanKey)));
  for (const s of states) {
    const open = s.pending.filter((c) => !settled.has(spanKey(c)));
    s.pending = open.filter((c) => possible.every((set) => set.has(spanKey(c))));
    dropped(open.filter((c) => !possible.every((set) => set.has(spanKey(c)))));
  }
  return states.reduce((n, s) => n + s.pending.length + s.held.length, 0) <= MAX_FOUND;
}

/** The comments and strings of a JavaScript or TypeScript text; `jsx`: whether it may hold JSX (not in .ts files, where `<T>x` is a cast). */
export function javascriptText(text: string, options: { jsx: boolean }): LexedText {
  const committed: Found[] = [];
  let unsureAt: number | undefined;
  const unsure = (at: number): void => {
    unsureAt = Math.min(unsureAt ?? at, at);
  };
  const disagree = (spans: readonly Found[]): void => spans.forEach((span) => unsure(span.start));
  const result = (found: readonly Found[]): LexedText => ({
    comments: found.filter((f) => f.kind === 'comment').map(({ kind: _, ...span }) => span),
    strings: found.filter((f) => f.kind === 'string').map(({ start, end }) => ({ start, end })),
    ...(unsureAt === undefined ? {} : { unsureAt }),
  });
  /** What every reading found, and where they disagree. */
  const finish = (readings: readonly LexState[]): LexedText => {
    const common = commonComments(readings.map((s) => s.pending));
    const kept = new Set(common.map(spanKey));
    disagree(readings.flatMap((s) => s.pending).filter((span) => !kept.has(spanKey(span))));
    return result([...committed, ...common]);
  };
  let states: LexState[] = [initialState()];
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    const before = states.map((s) => s.pending.length);
    let read: LexState[];
    try {
      read = new Line(text, options.jsx, start, end).readAll(states);
    } catch (error) {
      if (!(error instanceof TooManyReadings)) throw error;
      unsure(start);
      return finish(states.map((s, i) => ({ ...s, pending: s.pending.slice(0, before[i]) })));
    }
    const possible = read.filter((s) => s.status !== 'dead');
    // Every reading met an error: the text is not valid here, and only what came before is sure.
    if (possible.length === 0) {
      unsure(start);
      return finish(read);
    }
    if (possible.some((s) => s.status === 'opaque')) {
      unsure(start);
      return finish(possible);
    }
    states = mergeStates(possible, disagree);
    // What every reading found is sure, whatever comes next.
    const sure = commonComments(states.map((s) => s.pending));
    committed.push(...sure);
    if (!settle(states, sure, disagree)) {
      unsure(start);
      return result(committed);
    }
    start = end;
  }
  // Something still open at the end (a string, a comment, a JSX element) is an error of that reading.
  const closed = states.filter((s) => s.frames.length === 1 && s.jsx === 0);
  if (closed.length === 0) unsure(text.length);
  return finish(closed.length > 0 ? closed : states);
}
