/**
 * A symbolic link judged by its target. git stores a link as a blob holding the target path; what
 * runs when the link's path is imported or executed is the file that path names. So a link is
 * followed, in the commit's tree and never on disk, to a file inside the repository:
 *
 * - the target is read as the kernel reads it: up to its first NUL byte, relative to the link's
 *   folder, `.` and `..` applied one name at a time;
 * - a `..` may leave a folder the target named only when that name is a real folder of the tree
 *   (the kernel would first follow a link there, to anywhere);
 * - an absolute target, or one that climbs above the repository's root, is outside the
 *   repository: what runs there is not in the change, and nothing is read there;
 * - a target that is itself a link is followed, at most `MAX_LINK_HOPS` times; a chain that comes
 *   back to a link it passed is a loop, and says so;
 * - a folder, a submodule, a name the tree does not hold (a path through a linked folder
 *   included: git's tree does not go through links), or git-annex's object store under `.git`
 *   cannot be reviewed: the link counts as not reviewed, with that reason.
 */
import type { TreeEntry } from '../../domain/pull-request';
import { annexKeyIn } from './placeholders';

/** Links followed from one link at most: a longer chain is not reviewed (Linux allows 40; no repository needs more than a few). */
export const MAX_LINK_HOPS = 8;

export type LinkTarget =
  | { kind: 'file'; path: string; blobSha: string }
  /** Why the link cannot be judged by a target: the rest of a "not reviewed" reason. */
  | { kind: 'none'; why: string };

export interface LinkTree {
  /** What `path` holds in the commit, undefined when nothing. */
  entryAt(path: string): Promise<TreeEntry | undefined>;
  /** The target path a link's blob holds. */
  readLink(path: string, blobSha: string): Promise<Uint8Array>;
}

/** Follows the link at `path`, whose blob holds `target`, to the file it names in the tree. */
export async function resolveLink(path: string, target: Uint8Array, tree: LinkTree): Promise<LinkTarget> {
  let from = path;
  let text = targetText(target);
  const passed = [path];
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    const place = await placeOf(from, text, tree);
    if (place.kind === 'none') return place;
    const shown = place.path;
    const entry = place.path === '' ? ({ kind: 'folder' } as const) : await tree.entryAt(place.path);
    if (entry === undefined) return { kind: 'none', why: `it is a symbolic link to ${shown}, which is no file at the head commit` };
    if (entry.kind === 'folder') return { kind: 'none', why: `it is a symbolic link to ${shown === '' ? 'the repository\'s root' : shown}, a folder` };
    if (entry.kind === 'submodule') return { kind: 'none', why: `it is a symbolic link to ${shown}, a submodule` };
    if (entry.kind === 'file') return { kind: 'file', path: place.path, blobSha: entry.blobSha };
    const looped = passed.includes(place.path);
    passed.push(place.path);
    if (looped) return { kind: 'none', why: `it is a symbolic link that loops: ${passed.join(' → ')}, and leads to no file` };
    from = place.path;
    text = targetText(await tree.readLink(place.path, entry.blobSha));
  }
  return { kind: 'none', why: `it is a symbolic link that leads through more than ${MAX_LINK_HOPS} links` };
}

/** The target as the kernel takes it: the bytes before the first NUL, as text. */
function targetText(bytes: Uint8Array): string {
  const nul = bytes.indexOf(0);
  return Buffer.from(nul < 0 ? bytes : bytes.subarray(0, nul)).toString('utf8');
}

/** Where `text`, the target of the link at `from`, leads inside the repository ('' is its root). */
async function placeOf(from: string, text: string, tree: LinkTree): Promise<{ kind: 'path'; path: string } | Extract<LinkTarget, { kind: 'none' }>> {
  const outside = { kind: 'none', why: `it is a symbolic link to ${text}, outside the repository: what runs there is not in the change` } as const;
  if (text === '') return { kind: 'none', why: 'it is a symbolic link to an empty path' };
  if (text.startsWith('/')) return outside;
  if (annexKeyIn(text) !== undefined) return { kind: 'none', why: `it is a git-annex link (${text.slice(text.lastIndexOf('/') + 1)}), whose content git-annex keeps outside git` };
  const parts = from.split('/').slice(0, -1);
  /** How many of `parts` the target itself named (the link's own folders are folders of the tree). */
  let named = 0;
  for (const part of text.split('/')) {
    if (part === '' || part === '.') continue;
    if (part !== '..') {
      parts.push(part);
      named += 1;
      continue;
    }
    if (parts.length === 0) return outside;
    if (named > 0) {
      const folder = parts.join('/');
      if ((await tree.entryAt(folder))?.kind !== 'folder') {
        return { kind: 'none', why: `it is a symbolic link to ${text}, whose '..' leaves ${folder}, which is no folder of the tree` };
      }
      named -= 1;
    }
    parts.pop();
  }
  const path = parts.join('/');
  if (path === '.git' || path.startsWith('.git/')) return { kind: 'none', why: `it is a symbolic link to ${path}, inside git's own folder` };
  return { kind: 'path', path };
}
