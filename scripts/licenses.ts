/**
 * `npm run build` (scripts/build.ts) writes these after the bundles: the licence file of each
 * bundle — dist/licenses.txt (the action) and dist/cli/licenses.txt (the command) — naming every
 * package the bundle holds, with its version and its licence text. Which packages a bundle holds
 * is read from the webpack stats ncc writes (`--stats-out`), the modules the build really put in.
 * ncc's own `--license` misses most of them: it hands a fixed file name to license-webpack-plugin,
 * which writes one licence file per chunk, and the bundle has several chunks (its lazy imports),
 * so each chunk's file overwrites the one before and the last chunk's packages are all that is
 * left (`yaml` alone, for the action).
 *
 * Fails (1), naming the package, when a bundled package ships no licence text.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';

export interface BundledPackage {
  name: string;
  version: string;
  /** The package.json `license` field, as written. */
  license: string;
  /** The package's licence files, whole, in name order. */
  text: string;
}

interface StatsModule {
  nameForCondition?: string;
  identifier?: string;
  name?: string;
  modules?: StatsModule[];
}

const MARK = `${sep}node_modules${sep}`;

/** The folder of the package a bundled file belongs to: the path up to the name after its last node_modules/. */
export function packageRootOf(file: string): string | undefined {
  const at = file.lastIndexOf(MARK);
  if (at < 0) return undefined;
  const rest = file.slice(at + MARK.length).split(sep);
  const depth = rest[0]?.startsWith('@') === true ? 2 : 1;
  return file.slice(0, at + MARK.length) + rest.slice(0, depth).join(sep);
}

/** Every package root a webpack stats file names, its concatenated modules included. */
export function packageRootsInStats(stats: { modules?: StatsModule[] }): string[] {
  const roots = new Set<string>();
  const walk = (modules: readonly StatsModule[] | undefined): void => {
    for (const m of modules ?? []) {
      // A loader's identifier ends with the file after its last "!".
      const file = (m.nameForCondition ?? m.identifier ?? m.name ?? '').split('!').at(-1) ?? '';
      const root = packageRootOf(file);
      if (root !== undefined) roots.add(root);
      walk(m.modules);
    }
  };
  walk(stats.modules);
  return [...roots].sort();
}

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

export function readPackage(root: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: string; version?: string; license?: unknown };
  const files = readdirSync(root).filter((name) => LICENCE_FILE.test(name)).sort();
  const text = files.map((name) => readFileSync(join(root, name), 'utf8').trim()).join('\n\n');
  return { name: manifest.name ?? root, version: manifest.version ?? '', license: typeof manifest.license === 'string' ? manifest.license : 'not stated', text };
}

const RULE = '='.repeat(78);

/** The licence file of a bundle: a heading, then each package's name@version, licence and text. */
export function renderLicenses(bundle: string, packages: readonly BundledPackage[]): string {
  const entries = packages.map((p) => [RULE, `${p.name}@${p.version}`, `License: ${p.license}`, '', p.text].join('\n'));
  return `${[`${bundle} holds code of these ${packages.length} packages, each with its version and licence:`, ...entries].join('\n\n')}\n`;
}

/**
 * Writes `licenses.txt` beside each bundle in `out` (the action's at its top, the command's in
 * cli/), from the stats ncc wrote in `statsDir`. 1 when a bundled package ships no licence text.
 */
export function writeLicenses(root: string, out: string, statsDir: string): number {
  const bundles = [
    { stats: join(statsDir, 'action.json'), out: join(out, 'licenses.txt'), bundle: 'dist/index.js (the action)' },
    { stats: join(statsDir, 'cli.json'), out: join(out, 'cli', 'licenses.txt'), bundle: 'dist/cli/index.js (the review-gate command)' },
  ];
  for (const { stats, out: file, bundle } of bundles) {
    const roots = packageRootsInStats(JSON.parse(readFileSync(join(root, stats), 'utf8')) as { modules?: StatsModule[] });
    const packages = roots.map(readPackage).sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
    const bare = packages.filter((p) => p.text === '');
    if (bare.length > 0) {
      console.error(`${bundle} holds packages that ship no licence text: ${bare.map((p) => `${p.name}@${p.version}`).join(', ')}. Add their licence before shipping them.`);
      return 1;
    }
    writeFileSync(join(root, file), renderLicenses(bundle, packages));
    console.log(`${file}: ${packages.length} packages.`);
  }
  return 0;
}
