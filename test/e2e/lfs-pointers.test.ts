/**
 * End to end, the action on files git stores as a placeholder of their content: a
 * Git LFS pointer, a git-annex pointer. What the service reviews is the code that runs, which an
 * LFS checkout (or an annex) puts in place of the pointer: never the pointer's text.
 *
 * - Through the API, GitHub gives only the pointer (and the run fetches nothing from other hosts):
 *   such a file counts as not reviewed, with the way to get it reviewed.
 * - From a checkout, the real content is reviewed when the checkout has it (actions/checkout with
 *   `lfs: true` puts it in `.git/lfs/objects` and in the working tree), and only when its SHA-256
 *   and size are the pointer's; otherwise the file counts as not reviewed.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullRequestFixture } from '../doubles/run-action';
import type { RunningSimulator } from '../doubles/simulator';
import { added } from '../support/fixture-files';
import { buildPullRequestRepo } from '../support/git-pull-request';
import type { PullRequestRepo } from '../support/git-pull-request';
import { annexPointer, lfsPointer, storeLfsObject } from '../support/placeholders';
import { useAction } from './harness';

/** What content each path is reviewed as: one review a file (injection-check's blanked second reviews are its own tests'). */
const ONE_REVIEW = { 'injection-check': 'off' };

const { demo, servers, runAgainst } = useAction();

const EVAL_PY = 'import os\n\n\ndef load():\n    return eval(os.environ["PLUGIN"])\n';
const CLEAN_PY = 'def total(values):\n    return sum(values)\n';
const sentCode = (simulator: RunningSimulator) =>
  simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => (JSON.parse(r.body ?? '{}') as { code: string }).code);
const lineOf = (stdout: string, path: string) => stdout.split('\n').find((l) => l.includes(`✗ ${path}: `)) ?? '';

describe('a placeholder read through the GitHub API', () => {
  it('counts an LFS pointer and a git-annex pointer as not reviewed, saying how to get them reviewed, and sends neither', async () => {
    const fixture: PullRequestFixture = {
      ...demo,
      files: [added('src/model.py', lfsPointer(EVAL_PY)), added('src/annexed.py', annexPointer(EVAL_PY)), added('src/ok.py', CLEAN_PY)],
    };
    const { simulator, github } = await servers({ fixture });

    const result = await runAgainst(simulator, github, fixture, ONE_REVIEW);

    expect(sentCode(simulator)).toEqual([CLEAN_PY]);
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '1', 'files-failed': '2', 'files-skipped': '0' });
    expect(lineOf(result.stdout, 'src/model.py')).toMatch(/not reviewed: it is stored in Git LFS \(oid sha256:[0-9a-f]{12}…, \d+ bytes\), and only its pointer was read/);
    expect(lineOf(result.stdout, 'src/model.py')).toContain('actions/checkout with lfs: true');
    expect(lineOf(result.stdout, 'src/annexed.py')).toContain('not reviewed: it is a git-annex pointer');
  });
});

describe('a placeholder in a checkout of the pull request', () => {
  let pull: PullRequestRepo;
  /** The LFS files of the pull request, and where its checkout has their content. */
  const LFS = {
    stored: 'src/stored.py',
    smudged: 'src/smudged.py',
    missing: 'src/missing.py',
    forged: 'src/forged.py',
  };
  const smudgedContent = EVAL_PY.replace('PLUGIN', 'SMUDGED');
  const missingContent = EVAL_PY.replace('PLUGIN', 'MISSING');
  const forgedContent = EVAL_PY.replace('PLUGIN', 'FORGED');

  beforeAll(() => {
    pull = buildPullRequestRepo({
      prefix: 'review-gate-lfs-',
      base: { 'README.md': '# models\n' },
      change: ({ write }) =>
        write({
          [LFS.stored]: lfsPointer(EVAL_PY),
          [LFS.smudged]: lfsPointer(smudgedContent),
          [LFS.missing]: lfsPointer(missingContent),
          [LFS.forged]: lfsPointer(forgedContent),
          'src/ok.py': CLEAN_PY,
        }),
      mainMovesOn: { 'NOTES.md': 'main moves on\n' },
    });
    const gitDir = join(pull.repo, '.git');
    // As `lfs: true` leaves them: the objects fetched, the working tree smudged.
    mkdirSync(join(pull.repo, 'src'), { recursive: true });
    storeLfsObject(gitDir, EVAL_PY);
    writeFileSync(join(pull.repo, LFS.smudged), smudgedContent);
    // An object whose bytes are not the pointer's: never trusted, wherever it lies.
    storeLfsObject(gitDir, forgedContent, CLEAN_PY);
    writeFileSync(join(pull.repo, LFS.forged), `${forgedContent}# padded\n`);
  });
  afterAll(() => rmSync(pull.repo, { recursive: true, force: true }));

  it('reviews the content the checkout holds under the pointer\'s SHA-256, and counts the others as not reviewed', async () => {
    const fixture: PullRequestFixture = { ...demo, headSha: pull.head, baseSha: pull.base, files: [] };
    const { simulator, github } = await servers({ fixture });

    const result = await runAgainst(simulator, github, fixture, ONE_REVIEW, { env: { GITHUB_WORKSPACE: pull.repo } });

    expect(result.stdout).toMatch(/Changed files, patches and contents: from the checkout/);
    expect(sentCode(simulator).sort()).toEqual([CLEAN_PY, EVAL_PY, smudgedContent].sort());
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '3', 'files-failed': '2' });
    // The diff shows the pointer, not the code: each eval() counts, and none is placed inline on the pointer's lines.
    expect(Number(result.outputs.errors)).toBe(2);
    expect(github.reviewComments).toEqual([]);
    expect(result.stepSummary).toContain(LFS.stored);
    for (const path of [LFS.missing, LFS.forged]) {
      expect(lineOf(result.stdout, path)).toMatch(/not reviewed: it is stored in Git LFS .* and the checkout does not hold that content/);
      expect(lineOf(result.stdout, path)).toContain('actions/checkout with lfs: true');
    }
  });
});
