/**
 * The bundles ship the licences of the code they hold: every package that the action's and the
 * command's entry points reach — found here by esbuild, independently of the ncc build that wrote
 * the files — is named in the licence file beside its bundle (dist/licenses.txt,
 * dist/cli/licenses.txt, both in the npm package) with its version and its licence text.
 * Needs `npm run build`, which writes them (scripts/licenses.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { packageRootOf, readPackage } from '../../scripts/licenses';

/** The packages esbuild bundles from an entry point, as `name@version` → their licence text. */
async function reachedPackages(entry: string): Promise<Map<string, string>> {
  const { metafile } = await build({ entryPoints: [join(ROOT, entry)], bundle: true, platform: 'node', format: 'esm', target: 'es2022', write: false, metafile: true, logLevel: 'silent', outdir: join(ROOT, '.tmp/esbuild-licences') });
  const roots = new Set(Object.keys(metafile.inputs).flatMap((input) => packageRootOf(join(ROOT, input)) ?? []));
  return new Map([...roots].map((root) => readPackage(root)).map((p) => [`${p.name}@${p.version}`, p.text]));
}

/** The licence file's entries: `name@version` → the text after its `License:` line. */
function shippedEntries(file: string): Map<string, string> {
  const entries = readFileSync(join(ROOT, file), 'utf8').split(/^={78}$/m).slice(1);
  return new Map(entries.map((entry) => {
    const [, id = '', , ...text] = entry.split('\n');
    return [id, text.join('\n').trim()];
  }));
}

describe.each([
  ['src/index.ts', 'dist/licenses.txt'],
  ['src/cli/main.ts', 'dist/cli/licenses.txt'],
])('%s → %s', (entry, file) => {
  it('names every package the bundle holds, with its version and its whole licence text', async () => {
    const reached = await reachedPackages(entry);
    const shipped = shippedEntries(file);
    expect(reached.size).toBeGreaterThan(entry === 'src/index.ts' ? 20 : 4);
    const missing = [...reached.keys()].filter((id) => !shipped.has(id));
    expect(missing, `run npm run build: ${file} lacks these`).toEqual([]);
    for (const [id, text] of reached) {
      expect(text, `${id} ships no licence text`).not.toBe('');
      expect(shipped.get(id), id).toBe(text);
    }
  });
});

it('the action’s file names Octokit, Bottleneck, undici and @actions/core, not only yaml', () => {
  const shipped = [...shippedEntries('dist/licenses.txt').keys()].map((id) => id.replace(/@[^@]*$/, ''));
  expect(shipped).toEqual(expect.arrayContaining(['@octokit/core', 'bottleneck', 'undici', '@actions/core', 'yaml']));
});
