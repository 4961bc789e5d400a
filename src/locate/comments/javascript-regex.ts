/**
 * Where a JavaScript/TypeScript regular expression literal ends, read from after its opening `/`
 * (javascript-line.ts decides that a `/` opens one). Pure.
 */

export const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
export const IDENTIFIER_PART = /[\w$\\#]|[^\p{ASCII}\s]/u;

/**
 * A regular expression's body from `from` (after its `/`): the index of its closing `/` and the
 * index after its flags, or undefined when the line ends first. A class (`[…]`) ends at its first
 * `]`, flags or not: the `v` flag nests classes in the pattern, not in where the literal ends.
 */
export function regexEnd(text: string, from: number, to: number): { close: number; end: number } | undefined {
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
      return { close: i, end };
    }
  }
  return undefined;
}
