/**
 * `npm run build`: the action's bundle (dist/index.js) and the terminal command's
 * (dist/cli/index.js), each with the licence file of the packages it holds (licenses.ts), and
 * dist/build.json, the commit they come from (build-info.ts).
 *
 *   npm run build                        # into dist/, which is committed
 *   npx tsx scripts/build.ts --out .tmp/DIR   # the same build into .tmp/DIR, dist/ untouched
 *
 * `--out` is what .ci/check-dist builds with: the fresh build lands beside the committed dist/,
 * which the tests run meanwhile, and the two are compared file by file. The two bundles are built
 * at once (ncc runs a webpack compilation of its own for each, mostly on one core).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { writeBuildInfo } from './build-info';
import { writeLicenses } from './licenses';

const ROOT = join(import.meta.dirname, '..');
const NCC = createRequire(import.meta.url).resolve('@vercel/ncc/dist/ncc/cli.js');

interface Bundle {
  entry: string;
  /** Below the output folder. */
  folder: string;
  stats: string;
}

const BUNDLES: readonly Bundle[] = [
  { entry: 'src/index.ts', folder: '.', stats: 'action.json' },
  { entry: 'src/cli/main.ts', folder: 'cli', stats: 'cli.json' },
];

function ncc(bundle: Bundle, out: string, statsDir: string): Promise<void> {
  const args = [NCC, 'build', bundle.entry, '-o', join(out, bundle.folder), '--minify', '--transpile-only', '--target', 'es2022', '--stats-out', join(statsDir, bundle.stats)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`ncc build ${bundle.entry} ended with ${signal ?? `exit status ${code}`}`));
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
  const out = relative(ROOT, join(ROOT, values.out));
  // The folder is emptied first (ncc leaves a chunk it no longer writes), so it is dist/, all of
  // it generated, or a scratch folder: never src/ or the project itself.
  if (out !== 'dist' && !out.startsWith(`.tmp${sep}`)) {
    console.error(`--out must be dist or a folder under .tmp/, not ${JSON.stringify(values.out)}`);
    return 2;
  }
  // ncc's stats, which the licence files are read from: one folder per output folder.
  const statsDir = join('.tmp', 'ncc-stats', out.replaceAll(sep, '_'));
  rmSync(join(ROOT, out), { recursive: true, force: true });
  mkdirSync(join(ROOT, statsDir), { recursive: true });
  await Promise.all(BUNDLES.map((bundle) => ncc(bundle, out, statsDir)));
  const licences = writeLicenses(ROOT, out, statsDir);
  if (licences !== 0) return licences;
  writeBuildInfo(ROOT, out);
  return 0;
}

process.exitCode = await main();
