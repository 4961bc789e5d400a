/**
 * The npm package as a user gets it: `npm pack` ships the bundles, action.yml and the user
 * documentation and nothing else (no tests, fixtures, benches or sources), and a global install
 * of the tarball installs nothing but the package — offline, with no engine warning on Node 20 —
 * after which `review-gate --version` works from any folder.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let home: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'review-gate-package-'));
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

/**
 * npm with a clean environment: a home and a cache of its own, so neither the user's npm
 * configuration nor packages cached earlier change what a first install does.
 */
function npm(args: string[], cwd = ROOT): Promise<Run> {
  const env = { PATH: process.env.PATH ?? '', HOME: home, npm_config_cache: join(home, 'cache'), npm_config_update_notifier: 'false' };
  return new Promise((done) => {
    execFile('npm', args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });
}

function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe('npm pack', () => {
  it('ships dist/, action.yml, docs/, README.md, LICENSE, CHANGELOG.md and package.json, nothing else', async () => {
    const pack = await npm(['pack', '--dry-run', '--json']);
    expect(pack.code).toBe(0);
    const [tarball] = JSON.parse(pack.stdout) as Array<{ files: Array<{ path: string }> }>;
    const shipped = (tarball?.files ?? []).map((file) => file.path).sort();
    const expected = [
      'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'action.yml',
      ...filesUnder('dist'),
      ...filesUnder('docs'),
    ].sort();
    expect(shipped).toEqual(expected);
    expect(shipped).toContain('dist/cli/index.js');
  });
});

describe('npm install -g of the tarball', () => {
  it('installs the package alone, offline and without an engine warning, and review-gate --version works', async () => {
    const pack = await npm(['pack', '--json', '--pack-destination', home]);
    expect(pack.code).toBe(0);
    const [tarball] = JSON.parse(pack.stdout) as Array<{ filename: string }>;
    const prefix = join(home, 'global');
    // Offline with an empty cache: a runtime dependency could not be fetched, so it fails the install.
    const install = await npm(['install', '--global', join(home, tarball?.filename ?? ''), '--prefix', prefix, '--offline', '--no-audit', '--no-fund'], home);
    expect(install.stderr).not.toContain('EBADENGINE');
    expect(install.stdout).toMatch(/^added 1 package\b/m);
    expect(install.code).toBe(0);

    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    const run = await new Promise<Run>((done) => {
      execFile(join(prefix, 'bin', 'review-gate'), ['--version'], { cwd: home, env: { PATH: process.env.PATH ?? '' } }, (error, stdout, stderr) =>
        done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
      );
    });
    expect(run).toEqual({ code: 0, stdout: `review-gate ${version}\n`, stderr: '' });
  });
});
