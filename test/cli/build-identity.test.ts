/**
 * Which build the command is (`review-gate --version`, the JSON report's `tool`): the version, and
 * for a build that is not a release the commit it came from — read from a clone, from the file
 * `npm run build` and npm's `prepare` write beside the bundles (a tarball, an install from git).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeBuild } from '../../src/domain/build';
import { identifyBuild, identifyOwnBuild } from '../../src/cli/build-identity';
import { committedRepo } from './bundled';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = (): string => {
  const made = mkdtempSync(join(tmpdir(), 'review-gate-build-'));
  folders.push(made);
  return made;
};
const SHA = 'a'.repeat(40);

describe('describeBuild', () => {
  it('says the version of a release, and the commit of any other build', () => {
    expect(describeBuild({ version: '0.2.0', commit: SHA, tagged: true, modified: false })).toBe('0.2.0');
    expect(describeBuild({ version: '0.2.0', commit: SHA, tagged: false })).toBe('0.2.0 (untagged commit aaaaaaaaaaaa)');
    expect(describeBuild({ version: '0.2.0', commit: SHA, tagged: true, modified: true })).toBe('0.2.0 (commit aaaaaaaaaaaa, with local changes)');
    expect(describeBuild({ version: '0.2.0', commit: SHA })).toBe('0.2.0 (commit aaaaaaaaaaaa)');
    expect(describeBuild({ version: '0.2.0', ref: 'acme/review-gate@v0' })).toBe('0.2.0 (acme/review-gate@v0)');
    expect(describeBuild({ version: '0.2.0' })).toBe('0.2.0 (commit unknown)');
  });
});

describe('identifyBuild', () => {
  it('reads a clone: its HEAD, whether that is the release tag, and whether it has changes', () => {
    const repo = committedRepo({ 'README.md': '# r\n' });
    try {
      const head = repo.git('rev-parse', 'HEAD').trim();
      expect(identifyBuild(repo.dir, '0.2.0', process.env)).toEqual({ version: '0.2.0', commit: head, tagged: false, modified: false });
      repo.git('tag', 'v0.2.0');
      repo.write('README.md', '# changed\n');
      expect(identifyBuild(repo.dir, '0.2.0', process.env)).toEqual({ version: '0.2.0', commit: head, tagged: true, modified: true });
    } finally {
      repo.remove();
    }
  });

  it('reads dist/build.json, which a packed tarball and an install from git carry', () => {
    const packed = folder();
    mkdirSync(join(packed, 'dist'));
    writeFileSync(join(packed, 'dist/build.json'), JSON.stringify({ commit: SHA, tagged: false, modified: false }));
    expect(identifyBuild(packed, '0.2.0', process.env)).toEqual({ version: '0.2.0', commit: SHA, tagged: false, modified: false });
    // From a shallow clone, which may lack the tags, the file does not say whether it is a release.
    writeFileSync(join(packed, 'dist/build.json'), JSON.stringify({ commit: SHA, modified: false }));
    expect(describeBuild(identifyBuild(packed, '0.2.0', process.env))).toBe('0.2.0 (commit aaaaaaaaaaaa)');

    expect(identifyBuild(folder(), '0.2.0', process.env)).toEqual({ version: '0.2.0' });
    expect(identifyBuild(undefined, '0.2.0', process.env)).toEqual({ version: '0.2.0' });
  });
});

describe('identifyOwnBuild', () => {
  it('answers for the code the process loaded: a commit made in its folder later does not change it', () => {
    const repo = committedRepo({ 'README.md': '# r\n' });
    try {
      const first = repo.git('rev-parse', 'HEAD').trim();
      expect(identifyOwnBuild(repo.dir, '0.3.0', process.env)).toEqual({ version: '0.3.0', commit: first, tagged: false, modified: false });
      repo.write('README.md', '# changed\n');
      const second = repo.commit('later');
      expect(second).not.toBe(first);
      expect(identifyOwnBuild(repo.dir, '0.3.0', process.env)).toEqual({ version: '0.3.0', commit: first, tagged: false, modified: false });
      // identifyBuild itself reads the folder as it is now.
      expect(identifyBuild(repo.dir, '0.3.0', process.env)).toMatchObject({ commit: second });
      expect(identifyOwnBuild(undefined, '0.3.0', process.env)).toEqual({ version: '0.3.0' });
    } finally {
      repo.remove();
    }
  });
});
