/**
 * `git diff --raw -z --no-abbrev`, read: the one listing of changed files both git sources (the
 * terminal's and the action's checkout) take their files from.
 */
import type { ChangeStatus } from '../../domain/pull-request';
import { changesKind } from './patch';

export interface RawDiffEntry {
  status: ChangeStatus;
  path: string;
  /** The name before a rename or copy. */
  previousPath?: string;
  /** The mode the diff starts from (`120000` for a link, `000000` when added). */
  oldMode: string;
  /** The mode on the changed side (`160000` for a submodule, `000000` when removed). */
  newMode: string;
  /** The blob the diff starts from, under `previousPath ?? path`: all zeros when added. */
  oldSha: string;
  /** The blob on the changed side: all zeros when removed, or when only in the working tree. */
  newSha: string;
}

/** git's name for "no object": an added file's old side, a removed file's new side, a file not hashed yet. */
export function isNoObject(sha: string): boolean {
  return /^0+$/.test(sha);
}

/**
 * The proof that a listed file's content did not change (a pure rename, a mode change): the same
 * blob on both sides, of the same kind. An all-zeros SHA (added, removed, or not hashed yet in the
 * working tree) proves nothing, and a copy adds a file even when it repeats another. Nor does a
 * change of kind: a link whose target path reads `eval(input())` and a file holding that text are
 * the same blob, but only the file runs it.
 */
export function sameBlob(entry: Pick<RawDiffEntry, 'status' | 'oldSha' | 'newSha' | 'oldMode' | 'newMode'>): boolean {
  return entry.status !== 'copied' && entry.oldSha === entry.newSha && !isNoObject(entry.newSha) && !changesKind(entry);
}

const STATUS_BY_LETTER: Readonly<Record<string, ChangeStatus>> = {
  A: 'added',
  M: 'modified',
  D: 'removed',
  R: 'renamed',
  C: 'copied',
  T: 'changed',
};

/**
 * Parses `:<mode> <mode> <sha> <sha> <status>\0<path>\0`, with two paths (old, new) for R and C.
 * A status letter git may add one day is read as a modification: the file is still reviewed.
 */
export function parseRawDiff(output: string): RawDiffEntry[] {
  const fields = output.split('\0');
  const entries: RawDiffEntry[] = [];
  for (let i = 0; i < fields.length && (fields[i] ?? '').startsWith(':'); ) {
    const [oldMode = '', newMode = '', oldSha = '', newSha = '', code = ''] = (fields[i] ?? '').slice(1).split(' ');
    const letter = code.charAt(0);
    const status = STATUS_BY_LETTER[letter] ?? 'modified';
    if (letter === 'R' || letter === 'C') {
      entries.push({ status, previousPath: fields[i + 1] ?? '', path: fields[i + 2] ?? '', oldMode, newMode, oldSha, newSha });
      i += 3;
    } else {
      entries.push({ status, path: fields[i + 1] ?? '', oldMode, newMode, oldSha, newSha });
      i += 2;
    }
  }
  return entries;
}
