/**
 * Input for the comment lexers at size: the tests read it for what the lexers find
 * (test/locate/comments.test.ts), bench/lexers.bench.ts for how the time grows with it.
 */
import type { ReviewLanguage } from '../../src/domain/vocabulary';

/** One line of each lexer's hardest parts: strings, templates, regexes, JSX, generics, raw strings. */
export const LARGE_INPUT_LINES: Array<[ReviewLanguage, string]> = [
  ['python', 'x = f"{a:#>{b}}" + "s" # c\n'],
  ['javascript', 'x = `${a}` + /[/]/.test(b) + <p>{c /* d */}</p>; } / 2; // e\n'],
  ['typescript', 'const m: Map<K, V> = a! / b; // c\n'],
  ['go', "x := `r` + \"s\" + string('t') // c\n"],
  ['rust', "let s = r#\"x\"#; let c = 'a'; fn f<'a>() {} /* b /* c */ */\n"],
];

/** A line made to fork at every step, for a lexer that would backtrack. */
export const FORKING_LINE = `${'} / } / '.repeat(20_000)}\n// after\n`;
