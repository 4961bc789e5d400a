/**
 * What a path holds in a local repository's tree, by git's mode, for following symbolic links
 * (links.ts): `git ls-tree` at a commit, `git ls-files --stage` in the index. Neither goes through
 * a link: a path under a linked folder is nothing, as in the tree.
 */
import type { TreeEntry } from '../../domain/pull-request';

/** The kind of entry a git mode names (`100644`, `100755`, `120000`, `040000`, `160000`); undefined for any other. */
export function entryOfMode(mode: string, blobSha: string): TreeEntry | undefined {
  switch (mode) {
    case '100644':
    case '100755':
    case '100664':
      return { kind: 'file', blobSha };
    case '120000':
      return { kind: 'link', blobSha };
    case '040000':
    case '40000':
      return { kind: 'folder' };
    case '160000':
      return { kind: 'submodule' };
    default:
      return undefined;
  }
}

/** The entry named `path` in `git ls-tree -z --full-tree <commit> -- <path>` (`<mode> <type> <sha>\t<path>\0`). */
export function lsTreeEntry(output: string, path: string): TreeEntry | undefined {
  return lsTreeEntries(output).get(path);
}

/** Every entry `git ls-tree -z` lists (with `-r -t`: the whole tree, folders included), by path. */
export function lsTreeEntries(output: string): Map<string, TreeEntry> {
  const entries = new Map<string, TreeEntry>();
  for (const record of output.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode = '', , sha = ''] = record.slice(0, tab).split(' ');
    const entry = entryOfMode(mode, sha);
    if (entry !== undefined) entries.set(record.slice(tab + 1), entry);
  }
  return entries;
}

/**
 * The entry of `path` in `git ls-files --stage -z -- <path>` (`<mode> <sha> <stage>\t<path>\0`):
 * the index holds files and links only, so a path with entries below it is a folder.
 */
export function lsFilesEntry(output: string, path: string): TreeEntry | undefined {
  let folder = false;
  for (const record of output.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const name = record.slice(tab + 1);
    if (name.startsWith(`${path}/`)) folder = true;
    if (name !== path) continue;
    const [mode = '', sha = ''] = record.slice(0, tab).split(' ');
    return entryOfMode(mode, sha);
  }
  return folder ? { kind: 'folder' } : undefined;
}

/** `ls-tree` arguments for `path` at `commit`, paths from the root (run with `--literal-pathspecs`: a name is never a pattern). */
export function lsTreeArgs(commit: string, path: string): string[] {
  return ['ls-tree', '-z', '--full-tree', commit, '--', path];
}
