/**
 * Small parts: no file in src/ over 300 lines, no function in it over 120. A function is every
 * kind TypeScript has (declaration, expression, arrow, method, constructor, accessor), measured
 * from its first token to its last, so a doc comment above it does not count and a closure
 * inside a long factory counts toward the factory too. Read with TypeScript's parser, so a
 * brace in a string or a comment does not fool it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 120;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

/** Lines as an editor numbers them: a final newline does not start another. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

type FunctionNode = ts.FunctionLikeDeclaration;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** A function's or a class's own name, if it has one. */
function ownName(node: FunctionNode | ts.ClassLikeDeclaration, file: ts.SourceFile): string | undefined {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return node.name?.getText(file);
}

/** The name of what `node` assigns its value to (a variable, a property, a class field), if it assigns one. */
function assignedName(node: ts.Node, file: ts.SourceFile): [name: string, value: ts.Node] | undefined {
  if ((ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) && node.initializer !== undefined) {
    return [node.name.getText(file), node.initializer];
  }
  return undefined;
}

interface LongFunction {
  name: string;
  line: number;
  lines: number;
}

/**
 * Every function of `text` longer than `limit` lines, named through the classes, functions and
 * object literals around it; one without a name of its own takes that of the variable or property
 * it is assigned to. Parsed without parent links (names come down the walk instead): a cheaper parse.
 */
function longFunctions(text: string, fileName: string, limit: number): LongFunction[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const lineOf = (position: number): number => file.getLineAndCharacterOfPosition(position).line + 1;
  const found: LongFunction[] = [];
  const visit = (node: ts.Node, outer: readonly string[], given?: string): void => {
    let path = outer;
    if (ts.isObjectLiteralExpression(node)) {
      if (given !== undefined) path = [...outer, given];
    } else if (isFunction(node) || ts.isClassLike(node)) {
      const line = lineOf(node.getStart(file));
      path = [...outer, ownName(node, file) ?? given ?? `<anonymous at line ${line}>`];
      const lines = lineOf(node.getEnd()) - line + 1;
      if (isFunction(node) && lines > limit) found.push({ name: path.join('.'), line, lines });
    }
    const assigned = assignedName(node, file);
    ts.forEachChild(node, (child) => visit(child, path, assigned !== undefined && assigned[1] === child ? assigned[0] : undefined));
  };
  visit(file, []);
  return found;
}

const texts = sources(SRC).map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

describe('small parts: files and functions in src/', () => {
  it('reads every source file', () => {
    expect(texts.length).toBeGreaterThan(200);
  });

  it(`keeps every file in src/ to ${MAX_FILE_LINES} lines`, () => {
    const long = texts.flatMap(({ path, text }) => {
      const lines = lineCount(text);
      return lines > MAX_FILE_LINES ? [`${path}: ${lines} lines (at most ${MAX_FILE_LINES})`] : [];
    });
    expect(long).toEqual([]);
  });

  it(`keeps every function in src/ to ${MAX_FUNCTION_LINES} lines`, () => {
    // A file no longer than the limit holds no function over it: only the longer ones are parsed.
    const long = texts
      .filter(({ text }) => lineCount(text) > MAX_FUNCTION_LINES)
      .flatMap(({ path, text }) => longFunctions(text, path, MAX_FUNCTION_LINES).map(({ name, line, lines }) => `${path}:${line} ${name}: ${lines} lines (at most ${MAX_FUNCTION_LINES})`));
    expect(long).toEqual([]);
  });
});

describe('the measure itself', () => {
  /** A body of `count` lines (the opening and closing lines not included). */
  const body = (count: number): string => Array.from({ length: count }, (_, i) => `  const v${i} = ${i};`).join('\n');

  it('counts lines as an editor numbers them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\n')).toBe(2);
  });

  it('measures a function from its first line to its last, its doc comment not included', () => {
    const text = `/**\n * Docs.\n */\nexport function fits() {\n${body(8)}\n}\n`;
    expect(longFunctions(text, 'a.ts', 10)).toEqual([]);
    expect(longFunctions(text, 'a.ts', 9)).toEqual([{ name: 'fits', line: 4, lines: 10 }]);
  });

  it('finds every kind of function, named by where it sits', () => {
    const text = [
      `function declared() {\n${body(3)}\n}`,
      `const expressed = function () {\n${body(3)}\n};`,
      `const arrow = () => {\n${body(3)}\n};`,
      `class Kept {\n  constructor() {\n${body(3)}\n  }\n  method() {\n${body(3)}\n  }\n  get value() {\n${body(3)}\n    return 1;\n  }\n  set value(v: number) {\n${body(3)}\n  }\n  field = () => {\n${body(3)}\n  };\n}`,
      `const made = { read() {\n${body(3)}\n  }, close: async () => {\n${body(3)}\n  } };`,
      `export default function () {\n  return [1].map((n) => {\n${body(3)}\n    return n;\n  });\n}`,
    ].join('\n');
    const names = longFunctions(text, 'a.ts', 4).map(({ name, lines }) => `${name} ${lines}`);
    expect(names).toEqual([
      'declared 5',
      'expressed 5',
      'arrow 5',
      'Kept.constructor 5',
      'Kept.method 5',
      'Kept.value 6',
      'Kept.value 5',
      'Kept.field 5',
      'made.read 5',
      'made.close 5',
      '<anonymous at line 53> 8',
      '<anonymous at line 53>.<anonymous at line 54> 6',
    ]);
  });

  it('counts a closure toward the function around it', () => {
    const text = `export function factory() {\n  const inner = () => {\n${body(6)}\n  };\n  return inner;\n}\n`;
    expect(longFunctions(text, 'a.ts', 9).map(({ name, lines }) => `${name} ${lines}`)).toEqual(['factory 11']);
  });

  it('is not fooled by braces in strings and comments', () => {
    const text = `function quiet() {\n  const open = '{';\n  // }\n  return open;\n}\n`;
    expect(longFunctions(text, 'a.ts', 4)).toEqual([{ name: 'quiet', line: 1, lines: 5 }]);
  });
});
