/**
 * The state of the JavaScript/TypeScript lexer at a point of the text: a stack of what is open
 * (code, a template literal, a string continued over a line break, a block comment, a JSX
 * element) and, for code, what came last — which decides what a `/` or a `<` is. Several states
 * can be alive at once where the text reads two ways (javascript.ts); they are compared and
 * merged at each line end by `stateKey`.
 */
import type { CommentSpan } from './span';

/** A comment, or the contents of a string, a template literal's text, a regular expression or JSX text (`string`). */
export interface Found extends CommentSpan {
  kind: 'comment' | 'string';
}

/**
 * What the last token of code allows next. `op`: an operand (so `/` opens a regular expression
 * and `<` a JSX element); `value`: an operator (division, less-than); `either`: both readings
 * are possible (after `}`, `of`, `yield`, `await`, or a `!` after a value); `dot`: a property
 * name (`a.return`); `control`: `if`, `while`, `for`, `with`, whose `(…)` is followed by an operand.
 */
export type Prev = 'op' | 'value' | 'either' | 'dot' | 'control';

/** What ends a code frame: the end of the file, or the `}` of `${…}` or of a JSX `{…}`. */
export type Closer = 'top' | 'template' | 'attribute' | 'child';

export interface CodeFrame {
  k: 'code';
  closer: Closer;
  /** `{` opened in this frame and not closed yet. */
  braces: number;
  /** For each open `(`: whether a control keyword opened it. */
  parens: boolean[];
  prev: Prev;
  /** Where a JSX `{` child opened, and whether it holds only comments so far (`{/* … *\/}`). */
  openAt: number;
  onlyComments: boolean;
  comments: number;
}

export type Frame =
  | CodeFrame
  | { k: 'template' }
  /** A string continued past a line break by a backslash. */
  | { k: 'string'; quote: string }
  /** A block comment open at the line end; `report`: false inside a JSX tag. */
  | { k: 'block'; start: number; report: boolean }
  /** Inside `<name …`; `name` undefined until read. */
  | { k: 'tag'; name: string | undefined }
  /** A JSX attribute's quoted value open at the line end. */
  | { k: 'attribute'; quote: string }
  /** Between `<name …>` and `</name>`: JSX text, where `//` is text. */
  | { k: 'children'; name: string };

export interface LexState {
  frames: Frame[];
  /** JSX elements open. */
  jsx: number;
  /** Comments and strings found since the last point where only one reading was alive. */
  pending: Found[];
  /** Comments and strings inside JSX: they count only once its outermost element is closed. */
  held: Found[];
  /**
   * `dead`: this reading met an error (what it took for a string is not closed), so it is not
   * how the language reads the text; `opaque`: it cannot go on, and nothing after can be sure.
   */
  status: 'alive' | 'dead' | 'opaque';
}

export function codeFrame(closer: Closer, openAt = 0): CodeFrame {
  return { k: 'code', closer, braces: 0, parens: [], prev: 'op', openAt, onlyComments: true, comments: 0 };
}

export function initialState(): LexState {
  return { frames: [codeFrame('top')], jsx: 0, pending: [], held: [], status: 'alive' };
}

export function cloneState(state: LexState): LexState {
  return {
    frames: state.frames.map((f) => (f.k === 'code' ? { ...f, parens: [...f.parens] } : { ...f })),
    jsx: state.jsx,
    pending: [...state.pending],
    held: [...state.held],
    status: state.status,
  };
}

/** Two states with the same key read the rest of the text alike. */
export function stateKey(state: LexState): string {
  return JSON.stringify([state.jsx, state.frames]);
}

export function spanKey(c: Found): string {
  return `${c.kind}:${c.start}:${c.end}:${c.bodyStart}:${c.bodyEnd}`;
}

/** What every one of `lists` holds, in the order of the first. */
export function commonComments(lists: readonly (readonly Found[])[]): Found[] {
  const [first, ...others] = lists;
  if (first === undefined) return [];
  const sets = others.map((list) => new Set(list.map(spanKey)));
  return first.filter((c) => sets.every((set) => set.has(spanKey(c))));
}

/**
 * States that read the rest alike become one, keeping only what all of them found; `dropped` is
 * told what some found and others did not.
 */
export function mergeStates(states: readonly LexState[], dropped: (spans: readonly Found[]) => void = () => undefined): LexState[] {
  if (states.length < 2) return [...states];
  const byKey = new Map<string, LexState[]>();
  for (const state of states) {
    const key = stateKey(state);
    byKey.set(key, [...(byKey.get(key) ?? []), state]);
  }
  return [...byKey.values()].map((same) => {
    const [first] = same as [LexState];
    if (same.length === 1) return first;
    const merged = { ...first, pending: commonComments(same.map((s) => s.pending)), held: commonComments(same.map((s) => s.held)) };
    const kept = new Set([...merged.pending, ...merged.held].map(spanKey));
    dropped(same.flatMap((s) => [...s.pending, ...s.held]).filter((span) => !kept.has(spanKey(span))));
    return merged;
  });
}
