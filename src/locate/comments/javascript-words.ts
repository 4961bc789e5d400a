/**
 * What a word of JavaScript/TypeScript code leaves the lexer expecting next (javascript-line.ts):
 * an operand after `return`, an operator after a name, either after `of`, `yield` or `await`,
 * and a statement head's `(` after `if`, `while`, `for` or `with`. Pure.
 */
import type { Prev } from './javascript-state';

const CONTROL_WORDS: ReadonlySet<string> = new Set(['if', 'while', 'for', 'with']);
/** Keywords after which an operand comes: `return /re/`, `typeof /re/`. */
const OPERAND_WORDS: ReadonlySet<string> = new Set([
  'return', 'typeof', 'instanceof', 'in', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'extends', 'default',
]);
/**
 * Words of a statement's head between its keyword and its `(`: `for await (…)`. The head is not
 * over until its `)`, so such a word leaves the memory of the keyword as it is, and the `)` is
 * still followed by an operand: `for await (x of xs) /[//]/` holds a regular expression.
 */
const HEAD_WORDS: ReadonlySet<string> = new Set(['await']);
/** Keywords that may also be plain names: `of / 2` divides, `yield /re/` does not. */
const EITHER_WORDS: ReadonlySet<string> = new Set(['of', 'yield', 'await']);

/** What comes after `word`, read where `prev` was expected. */
export function afterWord(prev: Prev, word: string): Prev {
  if (prev === 'dot') return 'value';
  if (prev === 'control' && HEAD_WORDS.has(word)) return 'control';
  if (CONTROL_WORDS.has(word)) return 'control';
  if (OPERAND_WORDS.has(word)) return 'op';
  if (EITHER_WORDS.has(word)) return 'either';
  return 'value';
}
