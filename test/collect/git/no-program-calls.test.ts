/**
 * Every git process src/ starts is given the options and the environment that keep git from
 * running a program (src/collect/git/no-programs.ts): read from the source, so that a new call
 * written without them fails here, whether or not a test reaches it with a hostile configuration.
 * test/cli/git-programs.bundled.test.ts shows the options at work on a real repository.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SPAWNERS = new Set(['execFile', 'execFileSync', 'spawn', 'spawnSync']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Each `git` process `text` starts: where, and whether its arguments and environment are the safe ones. */
function gitCalls(fileName: string, text: string): Array<{ at: string; args: boolean; env: boolean }> {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  // What a name stands for, one level deep: `CONFIG = [...NO_PROGRAM_ARGS, …]`, `safeEnv = noProgramEnv(…)`.
  const declared = new Map<string, string>();
  const calls: Array<{ at: string; args: boolean; env: boolean }> = [];
  const mentions = (node: ts.Node | undefined, name: string): boolean => {
    if (node === undefined) return false;
    const code = node.getText(file);
    return code.includes(name) || [...declared].some(([variable, value]) => new RegExp(`\\b${variable}\\b`).test(code) && value.includes(name));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined) {
      declared.set(node.name.text, node.initializer.getText(file));
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && SPAWNERS.has(node.expression.text)) {
      const [command, args, options] = node.arguments;
      if (command !== undefined && ts.isStringLiteral(command) && command.text === 'git') {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        calls.push({ at: `${fileName}:${line + 1}`, args: mentions(args, 'NO_PROGRAM_ARGS'), env: mentions(options, 'noProgramEnv') });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return calls;
}

describe('git processes started by src/', () => {
  it('each pass the no-program options and environment', () => {
    const calls = sources(join(ROOT, 'src')).flatMap((path) => gitCalls(relative(ROOT, path), readFileSync(path, 'utf8')));
    expect(calls.length).toBeGreaterThanOrEqual(8);
    expect(calls.filter((call) => !call.args || !call.env)).toEqual([]);
  });

  it('is read from the code: a call without either is found, one through a name is followed', () => {
    const code = [
      "const CONFIG = [...NO_PROGRAM_ARGS, '-c', 'x=y'];",
      "const safeEnv = noProgramEnv(env);",
      "execFile('git', [...CONFIG, 'diff'], { env: safeEnv }, done);",
      "execFile('git', ['ls-tree', commit], { env: gitEnvironment() }, done);",
      "execFileSync('git', [...NO_PROGRAM_ARGS, 'status'], { env });",
      "spawn('node', ['x.js']);",
    ].join('\n');
    expect(gitCalls('example.ts', code)).toEqual([
      { at: 'example.ts:3', args: true, env: true },
      { at: 'example.ts:4', args: false, env: false },
      { at: 'example.ts:5', args: true, env: false },
    ]);
  });
});
