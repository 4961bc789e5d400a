/**
 * `npm ci` on a fresh clone prints no warning about install scripts: npm 11.16 and later list
 * every installed package whose install script the project's `allowScripts` (package.json) does
 * not cover, and npm 12 skips those scripts. Every package of the lockfile that has an install
 * script is named there, so a newcomer sees no warning and a dependency that adds one is noticed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
}

const read = (name: string): unknown => JSON.parse(readFileSync(join(ROOT, name), 'utf8'));

/** The package's name from its lockfile key: `node_modules/a/node_modules/@b/c` → `@b/c`. */
const nameOf = (key: string): string => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('install scripts', () => {
  it('allowScripts in package.json covers every package of the lockfile that has an install script', () => {
    const lock = read('package-lock.json') as { packages: Record<string, LockEntry> };
    const { allowScripts = {} } = read('package.json') as { allowScripts?: Record<string, boolean> };
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && entry.hasInstallScript === true)
      .map(([key, entry]) => ({ name: nameOf(key), version: entry.version ?? '' }));
    // esbuild's postinstall checks its platform binary; tsx runs the scripts and tests through it.
    expect(withScripts.map((p) => p.name)).toContain('esbuild');
    const uncovered = withScripts.filter(({ name, version }) => allowScripts[name] === undefined && allowScripts[`${name}@${version}`] === undefined);
    expect(uncovered).toEqual([]);
  });
});
