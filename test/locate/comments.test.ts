/**
 * The comment lexers, as tables: a source and the comments (as text) the lexer must report — no
 * more, no less. An empty list where a reader sees a comment is a case where the lexer cannot be
 * sure, and says nothing (fail closed); it must never report a comment that the language reads as
 * a string.
 */
import { describe, expect, it } from 'vitest';
import { findComments } from '../../src/locate/comments';
import type { ReviewLanguage } from '../../src/domain/vocabulary';
import { FORKING_LINE, LARGE_INPUT_LINES } from '../support/lexer-lines';

function comments(language: ReviewLanguage, source: string, path = ''): string[] {
  return findComments(source, language, path).map((c) => source.slice(c.start, c.end));
}

const PYTHON: Array<[string, string, string[]]> = [
  ['a comment after a string holding #', 'x = "a # b"  # real\n', ['# real']],
  ['a docstring over lines', '"""doc\n# not a comment\n"""\n# real\n', ['# real']],
  ["'''…''' with a quote of the other kind inside", "'''it's \"# here\"'''  # real\n", ['# real']],
  ['escapes, a quote escaped', "s = 'it\\'s # not'  # real\n", ['# real']],
  ['a raw string ending in an escaped quote', 'r"\\"# not" # real\n', ['# real']],
  ['prefixes in any case', 'Rb"# not" + F"# not" + bR"# not"  # real\n', ['# real']],
  ['a prefix-like name before a string', 'rf = 1; xr = "# not"  # real\n', ['# real']],
  ['an f-string format spec with #', 'f"{x:#>10} # not" # real\n', ['# real']],
  ['an f-string with the same quote nested (3.12)', 'f"{x + "#"} # not" # real\n', ['# real']],
  ['an f-string with a nested field in its spec and a conversion', "f'{a!r:>{w}} # not' # real\n", ['# real']],
  ['doubled braces in an f-string', 'f"{{ # not }}" # real\n', ['# real']],
  ['a named escape in an f-string', 'f"\\N{NUMBER SIGN} {x} # not" # real\n', ['# real']],
  ['a triple-quoted f-string with a # in a field (skipped, not reported)', 'f"""{x # a\n} # not""" # real\n', ['# real']],
  ['a continued single-quoted string', '"a \\\n# not" # real\n', ['# real']],
  ['an unclosed string: nothing after it', '# first\nx = "open\n# after\n', ['# first']],
  ['a lone CR ends a comment', '# one\rx = 1 # two\n', ['# one', '# two']],
  ['numbers are not prefixes', 'x = 1j # real\n', ['# real']],
];

const JAVASCRIPT: Array<[string, string, string[]]> = [
  ['line and block comments', 'a(); // one\n/* two */ b(); /* three\nfour */\n', ['// one', '/* two */', '/* three\nfour */']],
  ['a URL in a string', 'x = "http://a // not"; // real\n', ['// real']],
  ['a string continued over a line', "x = 'a\\\n// not'; // real\n", ['// real']],
  ['nested template literals', 'a = `x ${ `y ${"// not"}` } // not`; // real\n', ['// real']],
  ['a template literal over lines', 'a = `\n// not\n${b /* real */}\n`; // real2\n', ['/* real */', '// real2']],
  ['a regular expression with // in a class', 'x = /[//]/.test(y); // real\n', ['// real']],
  ['a regular expression after a control paren', 'if (a) /re\\/\\/ not/.test(x) // real\n', ['// real']],
  ['a regular expression after for await (…): await is part of the head', 'for await (const x of xs) /[//]/.test(x) // real\n', ['// real']],
  ['division', 'x = a / b / c; // real\n', ['// real']],
  ['division after a parenthesis', 'x = (a + b) / 2; // real\n', ['// real']],
  ['a regular expression after return', 'return /\\/\\/ not/g; // real\n', ['// real']],
  ['a property named like a keyword divides', 'x = a.return / 2; // real\n', ['// real']],
  ['a regular expression on a new line after a value divides', 'a = b\n/hi/g.exec(c) // real\n', ['// real']],
  ['after } a / can be either: a comment only one reading sees is not reported', 'function f() {}\n/ // x /.test(y) // z\n', []],
  ['after } both readings find the same comment on the next line', '}\n/re/.test(x);\n// real\n', ['// real']],
  ['of can be a name: the readings disagree', 'of / 2; s = "/ // not";\n', []],
  ['a class ends at its first ], with the v flag too', 'x = /[[]/v; y = /[[]/ // real ]/v;\n', ['// real ]/v;']],
  ['an unclosed string: that reading is dropped, the rest is unsure', '// first\nx = "open\n// after\n', ['// first']],
  ['an HTML-like comment opener: nothing after counts', '// first\nx <!-- y\n// after\n', ['// first']],
  ['--> : nothing after counts', '// first\nx-->0\n// after\n', ['// first']],
  ['a hashbang is not reported', '#!/usr/bin/env node\n// real\n', ['// real']],
  ['a line separator ends a line comment', 'a(); // one\u2028b(); // two\n', ['// one', '// two']],
];

const JSX: Array<[string, string, string[]]> = [
  ['JSX text is not a comment; a {/* */} child is, braces included', 'return <p>\n // not\n {/* real */}\n {x /* real2 */}\n</p>; // real3\n', ['{/* real */}', '/* real2 */', '// real3']],
  ['attributes: strings, expressions, a comment between them (not reported)', 'x = <a b="// not" c={d /* real */} // skipped\n e>text</a>; // real2\n', ['/* real */', '// real2']],
  ['nested elements and fragments', 'x = <><b>// not<i>// not</i></b></>; // real\n', ['// real']],
  ['less-than after a value', 'x = a < b; // real\n', ['// real']],
  ['a shift is no element', 'x = (a << 5) + a <<= 1; // real\n', ['// real']],
  ['JSX in a .js file after =>', 'const f = () => <b>// not</b>; // real\n', ['// real']],
  ['an element never closed: nothing in it counts', 'x = <b>\n{y /* in it */}\n', []],
  ['a closing tag that does not match: nothing after counts', '// first\nx = <b>text</i>;\n// after\n', ['// first']],
];

const TYPESCRIPT: Array<[string, string, string, string[]]> = [
  ['a cast in a .ts file', 'a.ts', 'const n = <number>x; // real\n', ['// real']],
  ['type parameters of an arrow in a .tsx file', 'a.tsx', 'const f = <T,>(x: T) => x; // real\n', ['// real']],
  ['JSX text in a .tsx file', 'a.tsx', 'const v = <p>// not</p>; // real\n', ['// real']],
  ['a non-null assertion then division: the readings disagree', 'a.ts', "x = a! / 2; s = '/ // not';\n// real\n", ['// real']],
  ['generics', 'a.ts', 'const m: Map<string, Array<number>> = new Map(); // real\n', ['// real']],
];

const GO: Array<[string, string, string[]]> = [
  ['line and block comments', 'a() // one\n/* two\nthree */\n', ['// one', '/* two\nthree */']],
  ['a URL in a string', 'x := "http://a // not" // real\n', ['// real']],
  ['a raw string over lines', 'x := `\n// not\n` // real\n', ['// real']],
  ['a rune holding a backtick or a quote', "a := '`'; b := '\"' // real\n", ['// real']],
  ['an escaped rune quote', "a := '\\'' // real\n", ['// real']],
  ['block comments do not nest', '/* a /* b */ c */ // real\n', ['/* a /* b */', '// real']],
  ['an unclosed raw string: nothing after it', '// first\nx := `open\n// after\n', ['// first']],
];

const RUST: Array<[string, string, string[]]> = [
  ['doc comments', '/// one\n//! two\n/** three */\n', ['/// one', '//! two', '/** three */']],
  ['nested block comments', '/* a /* b */ c */ // real\n', ['/* a /* b */ c */', '// real']],
  ['a char holding a quote, and lifetimes', 'fn f<\'a>(x: &\'a str) { let c = \'"\'; } // real\n', ['// real']],
  ['an escaped char quote and a unicode char', "let a = '\\''; let b = '\\u{1F600}'; let c = '😀'; // real\n", ['// real']],
  ['raw strings with hashes', 'let s = r#"a " // not"#; let t = r##"b "# // not"##; // real\n', ['// real']],
  ['byte and C strings', 'let a = b"// not"; let b = br#"// not"#; let c = c"// not"; let d = b\'"\'; // real\n', ['// real']],
  ['a string over lines', 'let s = "a\n// not\n"; // real\n', ['// real']],
  ['a raw identifier', 'let r#type = 1; // real\n', ['// real']],
  ['a label', "'outer: loop { break 'outer; } // real\n", ['// real']],
  ['an unclosed block comment: nothing after it', '// first\n/* /* */ still open\n', ['// first']],
];

describe('python comments', () => {
  it.each(PYTHON)('%s', (_, source, expected) => expect(comments('python', source)).toEqual(expected));
});

describe('javascript comments', () => {
  it.each(JAVASCRIPT)('%s', (_, source, expected) => expect(comments('javascript', source)).toEqual(expected));
});

describe('JSX comments', () => {
  it.each(JSX)('%s', (_, source, expected) => expect(comments('javascript', source, 'a.jsx')).toEqual(expected));
});

describe('typescript comments', () => {
  it.each(TYPESCRIPT)('%s (%s)', (_, path, source, expected) => expect(comments('typescript', source, path)).toEqual(expected));
});

describe('go comments', () => {
  it.each(GO)('%s', (_, source, expected) => expect(comments('go', source)).toEqual(expected));
});

describe('rust comments', () => {
  it.each(RUST)('%s', (_, source, expected) => expect(comments('rust', source)).toEqual(expected));
});

describe('the lexers on large input', () => {
  it.each(LARGE_INPUT_LINES)('read a 10,000-fold %s file as 10,000 copies of one line', (language, line) => {
    const one = comments(language, line);
    expect(comments(language, line.repeat(10_000))).toEqual(Array.from({ length: 10_000 }, () => one).flat());
  });

  it('reads a line made to fork at every step to its end, and reports no comment in it', () => {
    expect(findComments(FORKING_LINE, 'javascript')).toEqual([]);
  });
});
