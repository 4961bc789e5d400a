/**
 * The JavaScript/TypeScript lexer against a real parser (TypeScript's), on generated lines:
 * statement heads (`for`, `for await`, `if`, `while`), regular expressions, divisions, strings and
 * comments, with comments and line breaks between any two tokens. The parser reads each `/` the
 * way the language does (it rescans a `/` as a regular expression where an operand is expected),
 * so its comments are what a runtime skips, and its literals what the lexer must call strings
 * (the defanged review of injection-check blanks them). Where the generated text is not a valid
 * program it is set aside: the language refuses it, and no lexer answer can excuse code that
 * never runs.
 *
 * fast-check generates the lines: when a line disagrees, it shrinks it to the fewest tokens and
 * comments that still disagree, and the seed it prints replays the run.
 */
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findText } from '../../src/locate/comments';

interface Range {
  start: number;
  end: number;
}

/** The contents of a literal token (what is between its delimiters), by its kind: `[from start, from end]`. */
const LITERAL_DELIMITERS: ReadonlyMap<ts.SyntaxKind, [number, number]> = new Map([
  [ts.SyntaxKind.StringLiteral, [1, 1]],
  [ts.SyntaxKind.NoSubstitutionTemplateLiteral, [1, 1]],
  [ts.SyntaxKind.TemplateHead, [1, 2]],
  [ts.SyntaxKind.TemplateMiddle, [1, 2]],
  [ts.SyntaxKind.TemplateTail, [1, 1]],
]);

interface ParsedText {
  comments: Range[];
  /** The contents of strings, template literals' text and regular expressions' bodies. */
  strings: Range[];
}

const COMPILER_OPTIONS: ts.CompilerOptions = { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, allowJs: true, noEmit: true, noLib: true, noResolve: true };

/**
 * The syntax errors TypeScript finds in `source` (in a .js file, also what only TypeScript files
 * may hold): the diagnostics `ts.transpileModule` reports, from a program of the one file, without
 * the output it also writes, which took five sixths of the time.
 */
function syntaxErrors(source: ts.SourceFile): readonly ts.Diagnostic[] {
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === source.fileName ? source : undefined),
    fileExists: (name) => name === source.fileName,
    readFile: () => undefined,
    writeFile: () => undefined,
    getDefaultLibFileName: () => 'lib.d.ts',
    getCurrentDirectory: () => '',
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
  };
  const program = ts.createProgram({ rootNames: [source.fileName], options: COMPILER_OPTIONS, host });
  return [...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics(source)];
}

/** Every comment and literal TypeScript's parser sees in `text`, in order; undefined when the text is not a valid program. */
function parserText(text: string, fileName: string): ParsedText | undefined {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ESNext, true);
  if (syntaxErrors(source).length > 0) return undefined;
  const comments = new Map<number, Range>();
  const strings: Range[] = [];
  // Comments sit in the trivia before a token: those up to the first line break are the previous
  // token's trailing comments, the rest the next token's leading ones.
  const trivia = (pos: number): void => {
    for (const c of [...(ts.getTrailingCommentRanges(text, pos) ?? []), ...(ts.getLeadingCommentRanges(text, pos) ?? [])]) comments.set(c.pos, { start: c.pos, end: c.end });
  };
  const literal = (token: ts.Node): void => {
    const start = token.getStart(source);
    const delimiters = LITERAL_DELIMITERS.get(token.kind);
    const range = delimiters !== undefined ? { start: start + delimiters[0], end: token.end - delimiters[1] } : token.kind === ts.SyntaxKind.RegularExpressionLiteral ? { start: start + 1, end: text.lastIndexOf('/', token.end - 1) } : undefined;
    if (range !== undefined && range.end > range.start) strings.push(range);
  };
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    if (children.length === 0) {
      trivia(node.pos);
      literal(node);
    }
    children.forEach(visit);
  };
  visit(source);
  trivia(source.endOfFileToken.pos);
  return { comments: [...comments.values()].sort((a, b) => a.start - b.start), strings: strings.sort((a, b) => a.start - b.start) };
}

/** A statement head: what is after it reads as the start of a statement (an operand). */
const HEAD = fc.constantFrom(
  ['for', '(', 'const', 'x', 'of', 'xs', ')'],
  ['for', 'await', '(', 'const', 'x', 'of', 'xs', ')'],
  ['for', '(', 'let', 'i', '=', '0', ';', 'i', '<', 'n', ';', 'i', '+=', '1', ')'],
  ['for', '(', 'k', 'in', 'o', ')'],
  ['if', '(', 'a', ')'],
  ['if', '(', '(', 'a', ')', '/', '2', ')'],
  ['while', '(', 'b', ')'],
  ['while', '(', 'f', '(', 'b', ')', ')'],
);

/** An operand: a regular expression (some holding `//` or `/*`), a string, a template literal, a value or a call. */
const OPERAND = fc.constantFrom(
  ['/[//]/', '.', 'test', '(', 's', ')'],
  ['/\\/\\/x/g', '.', 'exec', '(', 's', ')'],
  ['/a*/', '.', 'source'],
  ['/[/*]/', '.', 'test', '(', 's', ')'],
  ['"// not"'],
  ["'/* not */'"],
  ['`//${', 'a', '}`'],
  ['a'],
  ['(', 'a', ')'],
  ['f', '(', 'x', ')'],
  ['x', '.', 'y'],
  ['2'],
);

const OPERATOR = fc.constantFrom('/', '/', '||', '+', '<', '*');

/** An expression: operands joined by operators, divisions among them. */
const EXPRESSION = fc
  .tuple(OPERAND, fc.array(fc.tuple(OPERATOR, OPERAND), { maxLength: 3 }))
  .map(([first, rest]) => [...first, ...rest.flatMap(([operator, operand]) => [operator, ...operand])]);

/** One statement: up to two heads (`for await (…) if (…) …`), then an expression. */
const STATEMENT = fc.tuple(fc.array(HEAD, { maxLength: 2 }), EXPRESSION).map(([heads, expression]) => [...heads.flat(), ...expression, ';']);

/** What may sit between two tokens: nothing but a space, a block comment, or a line comment and its line break. */
const TRIVIA = fc.constantFrom(' ', ' ', ' ', '\n', ' /* c // d */ ', ' // e /* f\n', '/**/', ' /* g\nh */ ');

const LINES = fc
  .array(STATEMENT, { minLength: 1, maxLength: 3 })
  .chain((statements) => {
    const tokens = statements.flat();
    return fc.array(TRIVIA, { minLength: tokens.length, maxLength: tokens.length }).map((between) => tokens.map((token, i) => `${token}${between[i] ?? ' '}`).join(''));
  })
  .map((body) => `async function run(xs, s, a, b, n, o, f, x) {\n${body}\n}\n`);

function lexerText(text: string, language: 'javascript' | 'typescript', path: string): ParsedText & { unsureAt?: number } {
  const lexed = findText(text, language, path);
  return { ...lexed, comments: lexed.comments.map((c) => ({ start: c.start, end: c.end })) };
}

describe('the JavaScript/TypeScript lexer against TypeScript’s parser', () => {
  it.each([
    ['javascript', 'a.js'],
    ['typescript', 'a.ts'],
  ] as const)('finds exactly the comments and strings the parser sees, in generated %s lines mixing heads, regular expressions, divisions and comments', (language, path) => {
    let valid = 0;
    fc.assert(
      fc.property(LINES, (text) => {
        const expected = parserText(text, path);
        if (expected === undefined) return;
        valid++;
        expect(lexerText(text, language, path)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
    // Most generated lines are programs: the property was tested, not set aside.
    expect(valid).toBeGreaterThan(200);
  });

  it('reads the line of the report as the parser does: the // in the regular expression after for await (…) is no comment', () => {
    const text = 'async function run(xs) {\nfor await (const x of xs) /[//]/.test("review-gate-ignore: sandboxed") || eval(x);\n}\n';
    expect(parserText(text, 'a.js')?.comments).toEqual([]);
    expect(lexerText(text, 'javascript', 'a.js').comments).toEqual([]);
  });
});
