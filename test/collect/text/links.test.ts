import { describe, expect, it } from 'vitest';
import { MAX_LINK_HOPS, resolveLink } from '../../../src/collect/text/links';
import type { LinkTree } from '../../../src/collect/text/links';
import type { TreeEntry } from '../../../src/domain/pull-request';

/** A tree of files (path → content) and links (path → target); folders are the paths' parents. */
function treeOf(files: Record<string, string>, links: Record<string, string> = {}): LinkTree & { asked: string[] } {
  const asked: string[] = [];
  const entry = (path: string): TreeEntry | undefined => {
    if (path in files) return { kind: 'file', blobSha: `file:${path}` };
    if (path in links) return { kind: 'link', blobSha: `link:${path}` };
    return [...Object.keys(files), ...Object.keys(links)].some((p) => p.startsWith(`${path}/`)) ? { kind: 'folder' } : undefined;
  };
  return {
    asked,
    entryAt: (path) => {
      asked.push(path);
      return Promise.resolve(entry(path));
    },
    readLink: (path) => Promise.resolve(Buffer.from(links[path] ?? '')),
  };
}

const follow = (path: string, target: string, tree: LinkTree) => resolveLink(path, Buffer.from(target), tree);

describe('resolveLink: a link judged by its target in the tree', () => {
  const tree = treeOf({ 'data/plugin.cfg': 'x', 'lib/util.py': 'y', 'README.md': 'z' }, { 'app/plugin.py': '../data/plugin.cfg', 'app/again.py': 'plugin.py' });

  it.each([
    ['a file of another extension', 'app/plugin.py', '../data/plugin.cfg', 'data/plugin.cfg'],
    ['a chain of links', 'app/chain.py', 'again.py', 'data/plugin.cfg'],
    ['a target with ./ and // in it', 'bin/tool', './..//lib/./util.py', 'lib/util.py'],
    ['the root\'s file', 'docs/readme.md', '../README.md', 'README.md'],
    ['a target cut at a NUL byte, as the kernel reads it', 'app/nul.py', '../lib/util.py\u0000junk', 'lib/util.py'],
  ])('follows %s to it', async (_case, path, target, file) => {
    expect(await follow(path, target, tree)).toEqual({ kind: 'file', path: file, blobSha: `file:${file}` });
  });

  it.each([
    ['an absolute path', 'app/x.py', '/etc/passwd', /to \/etc\/passwd, outside the repository/],
    ['a path above the root', 'app/x.py', '../../etc/passwd', /to \.\.\/\.\.\/etc\/passwd, outside the repository/],
    ['a folder', 'app/x.py', '../data', /to data, a folder/],
    ['the root itself', 'app/x.py', '..', /to the repository's root, a folder/],
    ['a missing file', 'app/x.py', 'missing.py', /to app\/missing\.py, which is no file at the head commit/],
    ['git\'s own folder', 'app/x.py', '../.git/config', /inside git's own folder/],
    ['a git-annex object', 'app/x.py', `../.git/annex/objects/Xk/Jv/SHA256E-s1--${'a'.repeat(64)}.py/SHA256E-s1--${'a'.repeat(64)}.py`, /git-annex link/],
    ['an empty target', 'app/x.py', '', /an empty path/],
  ])('finds no file for %s, and says why', async (_case, path, target, why) => {
    const found = await follow(path, target, tree);
    expect(found.kind).toBe('none');
    expect(found.kind === 'none' ? found.why : '').toMatch(why);
  });

  it('does not take a .. after a name that is no folder of the tree: the kernel would go through a link there', async () => {
    const linked = treeOf({ 'x.py': 'x' }, { 'app/out': '/tmp' });
    const found = await follow('app/x.py', 'out/../../x.py', linked);
    expect(found).toEqual({ kind: 'none', why: expect.stringContaining("leaves app/out, which is no folder of the tree") });
  });

  it('takes a .. that leaves a real folder the target named', async () => {
    const real = treeOf({ 'x.py': 'x', 'app/sub/y.py': 'y' });
    expect(await follow('app/z.py', 'sub/../../x.py', real)).toEqual({ kind: 'file', path: 'x.py', blobSha: 'file:x.py' });
  });

  it.each([
    ['two links that lead to each other', { 'a.py': 'b.py', 'b.py': 'a.py' }, 'c.py', 'a.py', 'c.py → a.py → b.py → a.py'],
    ['a link to itself', {}, 'app/self.py', 'self.py', 'app/self.py → app/self.py'],
    ['a chain back to the first link', { 'lib/loop.py': '../app/loop.py' }, 'app/loop.py', '../lib/loop.py', 'app/loop.py → lib/loop.py → app/loop.py'],
  ])('finds no file for %s, and names the loop', async (_case, links, path, target, chain) => {
    const loop = treeOf({}, { ...links, [path]: target });
    expect(await follow(path, target, loop)).toEqual({ kind: 'none', why: `it is a symbolic link that loops: ${chain}, and leads to no file` });
  });

  it(`stops after ${MAX_LINK_HOPS} links`, async () => {
    const links = Object.fromEntries(Array.from({ length: MAX_LINK_HOPS + 1 }, (_, i) => [`l${i}.py`, `l${i + 1}.py`]));
    const long = treeOf({ [`l${MAX_LINK_HOPS + 1}.py`]: 'x' }, links);
    expect(await follow('start.py', 'l0.py', long)).toEqual({ kind: 'none', why: expect.stringContaining(`more than ${MAX_LINK_HOPS} links`) });
  });
});
