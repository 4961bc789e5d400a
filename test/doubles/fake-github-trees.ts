/**
 * The fake GitHub's trees: what each path holds at a head commit (a pull request's or a merge
 * group's), in git's modes, so that a symbolic link can be told from a file as GitHub tells it:
 * GraphQL's `Commit.file(path:)` (a TreeEntry whose `mode` is an integer, 33188 for a file, 40960
 * for a link, 16384 for a folder) and REST's `GET /git/trees/{sha}` (modes as octal strings).
 *
 * A head's tree holds the changed files that are not removed (a file with `mode: '120000'` is a
 * link whose content is its target path) and the `tree` entries of its pull request or group:
 * files the change does not touch; pull requests with the same head share one tree. Folders are
 * the paths' parents.
 */
import { createHash } from 'node:crypto';

/** What a path holds at a head when the change does not touch it: text (a file) or a link to a path. */
export type FakeTreeContent = string | Buffer | { symlink: string };

export interface FakeTreeEntry {
  /** git's mode as REST spells it: `100644`, `100755`, `120000`, `040000`. */
  mode: string;
  sha: string;
  type: 'blob' | 'tree';
}

export interface FakeTrees {
  /** The entry at `path` in the tree of commit `commit`, or undefined (no such commit, no such path). */
  entryAt(commit: string, path: string): FakeTreeEntry | undefined;
  /** The entries of a tree, by its SHA or its commit's: undefined for a SHA that names none. */
  listing(sha: string): Array<FakeTreeEntry & { path: string }> | undefined;
}

/** A head commit and its files: path → mode and blob SHA. */
export type FakeHead = { commit: string; files: Map<string, { mode: string; sha: string }> };

/** Blob entries of `tree` (the unchanged files), their bytes stored with `store`. */
export function treeFiles(tree: Record<string, FakeTreeContent> | undefined, store: (bytes: Buffer) => string): Map<string, { mode: string; sha: string }> {
  const files = new Map<string, { mode: string; sha: string }>();
  for (const [path, content] of Object.entries(tree ?? {})) {
    const link = typeof content === 'object' && !Buffer.isBuffer(content);
    files.set(path, { mode: link ? '120000' : '100644', sha: store(Buffer.from(link ? content.symlink : content)) });
  }
  return files;
}

/** A folder's tree SHA in the fake: stable, and distinct per commit and folder. */
function folderSha(commit: string, folder: string): string {
  return createHash('sha1').update(`tree ${commit} ${folder}`).digest('hex');
}

export function createFakeTrees(allHeads: () => readonly FakeHead[]): FakeTrees {
  /** One tree per commit: pull requests that share a head (each listing its own files) share its tree. */
  const heads = (): FakeHead[] => {
    const byCommit = new Map<string, FakeHead>();
    for (const head of allHeads()) {
      const known = byCommit.get(head.commit);
      if (known === undefined) byCommit.set(head.commit, { commit: head.commit, files: new Map(head.files) });
      else for (const [path, file] of head.files) known.files.set(path, file);
    }
    return [...byCommit.values()];
  };
  const headOf = (commit: string): FakeHead | undefined => heads().find((h) => h.commit === commit);
  const childrenOf = (head: FakeHead, folder: string): Array<FakeTreeEntry & { path: string }> => {
    const prefix = folder === '' ? '' : `${folder}/`;
    const names = new Map<string, FakeTreeEntry>();
    for (const [path, file] of head.files) {
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) names.set(rest, { mode: file.mode, sha: file.sha, type: 'blob' });
      else names.set(rest.slice(0, slash), { mode: '040000', sha: folderSha(head.commit, prefix + rest.slice(0, slash)), type: 'tree' });
    }
    return [...names].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, entry]) => ({ path, ...entry }));
  };
  return {
    entryAt(commit, path) {
      const head = headOf(commit);
      if (head === undefined) return undefined;
      const file = head.files.get(path);
      if (file !== undefined) return { ...file, type: 'blob' };
      const isFolder = [...head.files.keys()].some((p) => p.startsWith(`${path}/`));
      return isFolder ? { mode: '040000', sha: folderSha(commit, path), type: 'tree' } : undefined;
    },
    listing(sha) {
      for (const head of heads()) {
        if (head.commit === sha) return childrenOf(head, '');
        const folders = new Set([...head.files.keys()].flatMap((p) => p.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
        for (const folder of folders) if (folderSha(head.commit, folder) === sha) return childrenOf(head, folder);
      }
      return undefined;
    },
  };
}

/** The TreeEntry `mode` GraphQL answers: the octal mode's value as an integer (`120000` → 40960). */
export function graphqlMode(mode: string): number {
  return Number.parseInt(mode, 8);
}
