/**
 * How many git processes a local review starts, seen from outside: a `git` first on PATH notes
 * each call and hands it to the real one. Each process costs a fork and several milliseconds of
 * CPU; the repository is asked once for what every step needs, the changed files are diffed
 * together rather than one by one, and blobs come from one `cat-file --batch`. The counts are
 * pinned so that a call added per file, per source or per read shows here.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gitCallLog } from '../support/git-call-log';
import type { GitCallLog } from '../support/git-call-log';
import { useCli } from './in-process';

const cli = useCli();

let git: GitCallLog;
beforeEach(() => {
  git = gitCallLog();
});
afterEach(() => git.remove());

/** The review's git calls (each one's arguments, joined by spaces) and its exit status. */
async function gitCalls(args: string[]): Promise<{ calls: string[]; code: number }> {
  git.clear();
  const run = await cli.reviewGate(args, { PATH: git.path });
  return { calls: git.calls(), code: run.code };
}

/** The subcommand of a logged call: the first argument after the global options. */
function subcommand(call: string): string {
  const words = call.split(' ');
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    if (word === '-c') i += 1;
    else if (!word.startsWith('-')) return word;
  }
  return '';
}

it('a small review starts 13 git processes for the working tree, 7 with --staged, 11 for a range: each with the safety options', async () => {
  const { repo } = cli;
  repo.write('app.py', 'def add(a, b):\n    return a + b\n');
  repo.write('util.py', 'def sub(a, b):\n    return a - b\n');
  repo.write('README.md', 'Adds numbers.\n');
  repo.write('notes.txt', 'none\n');
  repo.commit('base');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.git('branch', '-q', '--set-upstream-to=main');
  repo.write('app.py', 'def add(a, b):\n    return eval(a) + b\n');
  repo.write('util.py', 'def sub(a, b):\n    return a - b - 0\n');
  repo.write('README.md', 'Adds and subtracts numbers.\n');
  repo.write('notes.txt', 'some\n');
  repo.write('new.py', 'x = 1\n');

  const worktree = await gitCalls([]);
  expect(worktree.code).toBe(1);
  expect(worktree.calls.map(subcommand), worktree.calls.join('\n')).toEqual([
    'rev-parse', // the top folder and HEAD, together
    'symbolic-ref', // the branch
    'rev-parse', // its upstream
    'rev-parse', // the upstream's commit
    'config', // whether the upstream is the branch's own copy
    'merge-base',
    'ls-tree', // the policy file at the base
    'config', // the filter drivers to turn off
    'diff', // the listing
    'cat-file', // one --batch for every blob probed
    'diff', // README.md and notes.txt, as git shows them
    'diff', // app.py and util.py, as text
    'ls-files', // untracked files
  ]);
  for (const call of worktree.calls) {
    expect(call).toContain('-c core.fsmonitor=false');
    expect(call).toContain('-c core.hooksPath=/dev/null');
    expect(call).toContain('--no-pager');
  }
  expect(worktree.calls.filter((call) => subcommand(call) !== 'cat-file').every((call) => call.startsWith('--literal-pathspecs '))).toBe(true);

  repo.git('add', 'app.py', 'util.py');
  const staged = await gitCalls(['--staged']);
  expect(staged.code).toBe(1);
  expect(staged.calls.map(subcommand), staged.calls.join('\n')).toEqual([
    'rev-parse',
    'ls-tree',
    'config',
    'diff',
    'cat-file', // the blobs probed
    'diff',
    'cat-file', // the blobs read for review, together
  ]);

  repo.commit('feature');
  const range = await gitCalls(['main...feature']);
  expect(range.code).toBe(1);
  expect(range.calls.map(subcommand), range.calls.join('\n')).toEqual([
    'rev-parse', // the top folder and HEAD
    'rev-parse', // main
    'rev-parse', // feature
    'merge-base',
    'ls-tree',
    'config',
    'diff',
    'cat-file',
    'diff', // as git shows them
    'diff', // as text
    'cat-file', // the blobs read for review
  ]);
});
