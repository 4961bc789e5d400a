/**
 * The npm package as a user gets it: `npm pack` ships the bundles, action.yml and the user
 * documentation and nothing else (no tests, fixtures, benches or sources), and a global install
 * of the tarball installs nothing but the package — offline, with no engine warning on Node 20 —
 * after which `review-gate --version` works from any folder and names the commit it was packed from.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { brokenLinks } from '../support/markdown-links';
import { describeBuild } from '../../src/domain/build';
import type { BuildIdentity } from '../../src/domain/build';

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

/** The files `npm pack` puts in the tarball, as repository-relative paths. */
async function packedFiles(): Promise<string[]> {
  const pack = await npm(['pack', '--dry-run', '--json']);
  expect(pack.code).toBe(0);
  const [tarball] = JSON.parse(pack.stdout) as Array<{ files: Array<{ path: string }> }>;
  return (tarball?.files ?? []).map((file) => file.path).sort();
}

/** Relative module paths a document's code imports (`from './src/…'`): from the repository's root. */
function importedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/\bfrom '(\.{1,2}\/[^']+)'/g)].map((m) => (m[1] ?? '').replace(/^\.\//, ''));
}

describe('npm pack', () => {
  let shipped: string[];
  beforeAll(async () => {
    shipped = await packedFiles();
  });

  it('ships dist/, action.yml, docs/, README.md, CONTRIBUTING.md, SECURITY.md, LICENSE, CHANGELOG.md and package.json, nothing else', () => {
    const expected = [
      'package.json', 'README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'LICENSE', 'CHANGELOG.md', 'action.yml',
      ...filesUnder('dist'),
      ...filesUnder('docs'),
    ].sort();
    expect(shipped).toEqual(expected);
    expect(shipped).toContain('dist/cli/index.js');
  });

  it('ships every file its documents link to, and every heading they link into', () => {
    const exists = (file: string): boolean => shipped.some((path) => path === file || path.startsWith(`${file}/`));
    const documents = shipped.filter((path) => path.endsWith('.md'));
    expect(documents).toContain('README.md');
    const broken = documents.flatMap((name) => brokenLinks({ root: ROOT, exists }, name).map((why) => `${name} → ${why}`));
    expect(broken).toEqual([]);
  });

  it('has its documents import no source it does not ship, except from a clone of the repository they say it needs', () => {
    const documents = shipped.filter((path) => path.endsWith('.md'));
    const unshipped = documents.flatMap((name) => {
      const markdown = readFileSync(join(ROOT, name), 'utf8');
      const missing = importedPaths(markdown).filter((path) => !shipped.some((file) => file.startsWith(path)));
      return missing.length > 0 && !markdown.includes('a clone of the repository') ? [`${name}: ${missing.join(', ')}`] : [];
    });
    expect(unshipped).toEqual([]);
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

    // The tarball carries dist/build.json, which npm's prepare wrote as it packed: --version names that commit.
    const built = JSON.parse(readFileSync(join(ROOT, 'dist/build.json'), 'utf8')) as BuildIdentity;
    const run = await versionOf(prefix);
    expect(run).toEqual({ code: 0, stdout: `review-gate ${describeBuild({ ...built, version: packageVersion() })}\n`, stderr: '' });
    expect(run.stdout).toMatch(/^review-gate \d+\.\d+\.\d+( \(.*commit [0-9a-f]{12}.*\))?\n$/);
  });
});

const packageVersion = (): string => (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function versionOf(prefix: string): Promise<Run> {
  return new Promise<Run>((done) => {
    execFile(join(prefix, 'bin', 'review-gate'), ['--version'], { cwd: home, env: { PATH: process.env.PATH ?? '' } }, (error, stdout, stderr) =>
      done({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    );
  });
}
