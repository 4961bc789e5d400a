/**
 * The patches of a local comparison's files, diffed together: each file gets what a diff of it
 * alone gives, and when git's sections do not line up with the listing each file is diffed alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePatches } from '../../../src/collect/git/file-patches';
import type { PatchPlan } from '../../../src/collect/git/file-patches';
import { entryPatch, patchSections } from '../../../src/collect/git/patch';
import { parseRawDiff } from '../../../src/collect/git/raw-diff';
import type { RawDiffEntry } from '../../../src/collect/git/raw-diff';
import { gitRunner } from '../../../src/collect/git/run';
import type { GitRunner } from '../../../src/collect/git/run';
import { tempRepo } from '../../cli/bundled';
import type { TempRepo } from '../../cli/bundled';

let repo: TempRepo;
let git: GitRunner;
let entries: RawDiffEntry[];
const diffArgs = ['diff', '--no-color', '--find-renames', 'HEAD'];

beforeAll(async () => {
  repo = tempRepo('review-gate-patches-');
  repo.write('app.py', 'def add(a, b):\n    return a + b\n');
  repo.write('old_name.py', 'x = 1\ny = 2\nz = 3\nw = 4\n');
  repo.write('notes.txt', 'one\n');
  repo.write('gone.py', 'bye = True\n');
  repo.write('data.bin', 'text for now\n');
  repo.commit('base');
  repo.write('app.py', 'def add(a, b):\n    return eval(a) + b\n');
  repo.git('mv', 'old_name.py', 'new_name.py');
  repo.write('new_name.py', 'x = 1\ny = 2\nz = 3\nw = 5\n');
  repo.write('notes.txt', 'one\ntwo\n');
  repo.git('rm', '-q', 'gone.py');
  repo.write('data.bin', 'now\0binary\n');
  git = gitRunner(repo.dir, process.env);
  entries = parseRawDiff(await git.text([...diffArgs, '--raw', '-z', '--no-abbrev', '--']));
});
afterAll(() => repo.remove());

/** What a diff of the entry alone gives: the way each file was diffed before they were diffed together. */
async function alone(entry: RawDiffEntry, plan: PatchPlan) {
  if (plan === 'none') return { additions: 0, deletions: 0 };
  const names = entry.previousPath === undefined ? [entry.path] : [entry.previousPath, entry.path];
  return entryPatch(patchSections(await git.text([...diffArgs, ...(plan === 'as-text' ? ['--text'] : []), '-U3', '--', ...names])));
}

describe('filePatches', () => {
  it('gives each file, a rename, a removal and a binary one included, what a diff of it alone gives, by its plan', async () => {
    expect(entries.map((e) => `${e.status} ${e.path}`)).toEqual(['modified app.py', 'modified data.bin', 'removed gone.py', 'renamed new_name.py', 'modified notes.txt']);
    for (const plans of [
      ['as-text', 'as-git-shows', 'as-text', 'as-text', 'as-git-shows'],
      ['as-text', 'as-text', 'as-text', 'as-text', 'as-text'],
      ['as-git-shows', 'none', 'as-text', 'as-git-shows', 'as-git-shows'],
    ] as PatchPlan[][]) {
      const together = await filePatches(git, diffArgs, entries, plans);
      const expected = await Promise.all(entries.map((entry, i) => alone(entry, plans[i] ?? 'none')));
      expect(together, plans.join(' ')).toEqual(expected);
    }
    const [app] = await filePatches(git, diffArgs, entries, ['as-text', 'none', 'none', 'none', 'none']);
    expect(app).toEqual({ patch: '@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a + b\n+    return eval(a) + b', additions: 1, deletions: 1 });
  });

  it('diffs each file alone when git\'s sections do not match the listing (it changed since)', async () => {
    const stale: RawDiffEntry = { status: 'modified', path: 'unchanged.py', oldMode: '100644', newMode: '100644', oldSha: '1'.repeat(40), newSha: '0'.repeat(40) };
    const listed = [...entries, stale];
    const plans: PatchPlan[] = listed.map(() => 'as-text');
    const together = await filePatches(git, diffArgs, listed, plans);
    expect(together).toEqual(await Promise.all(listed.map((entry) => alone(entry, 'as-text'))));
    expect(together.at(-1)).toEqual({ additions: 0, deletions: 0 });
    expect(together[0]?.additions).toBe(1);
  });
});
