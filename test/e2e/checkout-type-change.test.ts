/**
 * End to end (issue 15 round 2b), through the action: a type change (file ↔
 * symlink) in the checkout no longer sends the run to the API.
 */
import { symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullRequestFixture } from '../doubles/run-action';
import { tempRepo } from '../cli/bundled';
import type { TempRepo } from '../cli/bundled';
import { useAction } from './harness';
import { added } from '../support/fixture-files';

const { demo, servers, runAgainst } = useAction();

describe('a type change (file ↔ symlink) in the checkout', () => {
  let repo: TempRepo;
  let fixture: PullRequestFixture;
  const evalPy = 'import sys\neval(sys.argv[1])\n';

  beforeAll(() => {
    // Base: src/conf.py a file, src/link.py a link. The pull request turns each into the other kind.
    repo = tempRepo('review-gate-typechange-');
    repo.write('src/helpers.py', 'def helper():\n    return 1\n');
    repo.write('src/conf.py', 'DEBUG = False\n');
    symlinkSync('helpers.py', join(repo.dir, 'src/link.py'));
    const base = repo.commit('base');
    repo.git('checkout', '-q', '-b', 'feature');
    unlinkSync(join(repo.dir, 'src/conf.py'));
    symlinkSync('/etc/hostname', join(repo.dir, 'src/conf.py'));
    unlinkSync(join(repo.dir, 'src/link.py'));
    repo.write('src/link.py', evalPy);
    const head = repo.commit('feature');
    repo.git('checkout', '-q', 'main');
    fixture = {
      ...demo,
      headSha: head,
      baseSha: base,
      files: [
        { filename: 'src/conf.py', status: 'changed', content: '/etc/hostname', patch: '@@ -1 +1 @@\n-DEBUG = False\n+/etc/hostname\n\\ No newline at end of file', additions: 1, deletions: 1 },
        { ...added('src/link.py', evalPy), status: 'changed' },
      ],
    };
  });
  afterAll(() => repo.remove());

  it('reads the pull request from the checkout, not the API, and finds the eval() of the file that was a link', async () => {
    const { simulator, github } = await servers({ fixture });
    const result = await runAgainst(simulator, github, fixture, {}, { env: { GITHUB_WORKSPACE: repo.dir } });

    expect(result.stdout).not.toContain('git could not diff');
    expect(result.stdout).toMatch(/Changed files, patches and contents: from the checkout \(git diff [0-9a-f]{12}\.\.\.[0-9a-f]{12}\), none through the GitHub API\./);
    expect(github.requests.filter((r) => r.path.endsWith('/files'))).toEqual([]);
    expect(result.exitCode).toBe(1);
    // The file that became a link to /etc/hostname is judged by its target, outside the repository: not reviewed.
    expect(result.outputs).toMatchObject({ 'files-reviewed': '1', 'files-failed': '1' });
    expect(github.reviewComments.map((c) => `${c.path}:${c.line}`)).toEqual(['src/link.py:2']);
  });
});
