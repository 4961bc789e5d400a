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

/** A head with its folders, every path's parents, so a lookup need not walk its files. */
type IndexedHead = FakeHead & { folders: Set<string> };

/** The folders `path` lies in, outermost first: `a/b/c.py` → `a`, `a/b`. */
function parentsOf(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * `allHeads` answers the same array until a head moves: the index of that array is kept, since a
 * large pull request's run asks for thousands of entries and each walk of every file was a scan.
 */
export function createFakeTrees(allHeads: () => readonly FakeHead[]): FakeTrees {
  let indexed: { source: readonly FakeHead[]; byCommit: Map<string, IndexedHead>; folderTrees?: Map<string, { head: IndexedHead; folder: string }> } | undefined;
  /** One tree per commit: pull requests that share a head (each listing its own files) share its tree. */
  const index = (): NonNullable<typeof indexed> => {
    const source = allHeads();
    if (indexed?.source === source) return indexed;
    const byCommit = new Map<string, IndexedHead>();
    for (const head of source) {
      const known = byCommit.get(head.commit);
      if (known === undefined) byCommit.set(head.commit, { commit: head.commit, files: new Map(head.files), folders: new Set() });
      else for (const [path, file] of head.files) known.files.set(path, file);
    }
    for (const head of byCommit.values()) for (const path of head.files.keys()) for (const folder of parentsOf(path)) head.folders.add(folder);
    indexed = { source, byCommit };
    return indexed;
  };
  /** Folder tree SHA → its commit and folder, built on the first listing asked for. */
  const folderTrees = (): Map<string, { head: IndexedHead; folder: string }> => {
    const current = index();
    if (current.folderTrees === undefined) {
      current.folderTrees = new Map();
      for (const head of current.byCommit.values()) for (const folder of head.folders) current.folderTrees.set(folderSha(head.commit, folder), { head, folder });
    }
    return current.folderTrees;
  };
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
      const head = index().byCommit.get(commit);
      if (head === undefined) return undefined;
      const file = head.files.get(path);
      if (file !== undefined) return { ...file, type: 'blob' };
      return head.folders.has(path) ? { mode: '040000', sha: folderSha(commit, path), type: 'tree' } : undefined;
    },
    listing(sha) {
      const head = index().byCommit.get(sha);
      if (head !== undefined) return childrenOf(head, '');
      const folder = folderTrees().get(sha);
      return folder === undefined ? undefined : childrenOf(folder.head, folder.folder);
    },
  };
}

/** The TreeEntry `mode` GraphQL answers: the octal mode's value as an integer (`120000` → 40960). */
export function graphqlMode(mode: string): number {
  return Number.parseInt(mode, 8);
}
