/**
 * The patches of a local comparison's changed files, one `git diff` for every file diffed the same
 * way rather than one per file: each git process costs a fork and several milliseconds, and a
 * review may list thousands of files. git writes the sections in the listing's order, so each file
 * takes its own (git/patch.ts); when they do not line up (the working tree changed since it was
 * listed, a name git would quote) or the diff fails, each file is diffed alone, as before.
 */
import { entryPatch, patchSections, sectionsByEntry } from './patch';
import type { RawDiffEntry } from './raw-diff';
import type { GitRunner } from './run';

/**
 * How a file's patch is made: as git shows it (a file that is not reviewed: its patch only counts
 * lines), as text (`--text`, a reviewed file whose sides hold no NUL byte), or none.
 */
export type PatchPlan = 'as-git-shows' | 'as-text' | 'none';

export interface FilePatch {
  patch?: string;
  additions: number;
  deletions: number;
}

/** Past this many bytes of names, the files are diffed one by one rather than named on one command line. */
const MAX_PATHSPEC_BYTES = 64 * 1024;

/**
 * Each entry's patch by its plan. `diffArgs`: the listing's `git diff` arguments (its sides and
 * options, without output format or paths). A file diffed as git shows it that cannot be diffed (a
 * partial clone that lacks a blob: review-gate never fetches, git/no-programs.ts) has no patch; a
 * file diffed as text that cannot be diffed stops the listing with git's error.
 */
export async function filePatches(git: GitRunner, diffArgs: readonly string[], entries: readonly RawDiffEntry[], plans: readonly PatchPlan[]): Promise<FilePatch[]> {
  const patches: FilePatch[] = entries.map(() => ({ additions: 0, deletions: 0 }));
  const ways: Array<{ plan: PatchPlan; args: string[]; lenient: boolean }> = [
    { plan: 'as-git-shows', args: [...diffArgs, '-U3'], lenient: true },
    { plan: 'as-text', args: [...diffArgs, '--text', '-U3'], lenient: false },
  ];
  for (const { plan, args, lenient } of ways) {
    const members = entries.flatMap((entry, i) => (plans[i] === plan ? [{ entry, i }] : []));
    const together = members.length > 1 ? await diffedTogether(git, args, members.map((m) => m.entry), members.length === entries.length) : undefined;
    for (const [k, { entry, i }] of members.entries()) {
      patches[i] = together?.[k] ?? (await diffedAlone(git, args, entry, lenient));
    }
  }
  return patches;
}

/** One diff for all of `entries`, split by file; undefined when git fails or its sections do not line up. */
async function diffedTogether(git: GitRunner, args: readonly string[], entries: readonly RawDiffEntry[], all: boolean): Promise<FilePatch[] | undefined> {
  // Every listed file: no names needed. Otherwise both names of a rename, so git pairs them again.
  const paths = all ? [] : entries.flatMap(namesOf);
  if (paths.reduce((sum, path) => sum + Buffer.byteLength(path) + 1, 0) > MAX_PATHSPEC_BYTES) return undefined;
  try {
    const output = await git.text([...args, '--src-prefix=a/', '--dst-prefix=b/', '--', ...paths]);
    return sectionsByEntry(entries, output).map(entryPatch);
  } catch {
    return undefined;
  }
}

async function diffedAlone(git: GitRunner, args: readonly string[], entry: RawDiffEntry, lenient: boolean): Promise<FilePatch> {
  const diff = git.text([...args, '--', ...namesOf(entry)]);
  return entryPatch(patchSections(lenient ? await diff.catch(() => '') : await diff));
}

function namesOf(entry: RawDiffEntry): string[] {
  return entry.previousPath === undefined ? [entry.path] : [entry.previousPath, entry.path];
}
