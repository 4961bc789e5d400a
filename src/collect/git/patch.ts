/**
 * `git diff -p` output, read: its sections (one per `diff --git` header) and, for one changed
 * file, the patch as GitHub's API shows it (the hunks only, from the first `@@`) with the lines it
 * adds and removes. Both git sources — the action's checkout and the terminal — read patches here.
 *
 * One file is not always one section. When a file changes kind (a regular file becomes a symbolic
 * link or a submodule, or back: status `T`), git cannot diff one against the other and writes two
 * sections for it: the old kind deleted, then the new kind created. The new kind is wholly new, so
 * its creation is the file's patch: every line it has is added.
 */

/** The modes of a changed file's two sides, as `git diff --raw` gives them (`100644`, `120000`, `000000`). */
export interface SideModes {
  oldMode: string;
  newMode: string;
}

/** The sections of `git diff -p` output, in order, each without its leading `diff --git `. */
export function patchSections(output: string): string[] {
  return output.split(/^diff --git /m).slice(1);
}

/**
 * The sections of `patches` that belong to each of `entries`, when git wrote them in the
 * listing's order (one `diff --git` header each, two for a file that changes kind); throws when
 * they are more or fewer, or a header names another file. Headers must carry git's `a/` and `b/`
 * prefixes (`--src-prefix=a/ --dst-prefix=b/`, whatever the configuration says).
 */
export function sectionsByEntry(entries: ReadonlyArray<SideModes & { path: string }>, patches: string): string[][] {
  const sections = patchSections(patches);
  const expected = entries.reduce((sum, entry) => sum + sectionCount(entry), 0);
  if (sections.length !== expected) {
    throw new Error(`${entries.length} changed files call for ${expected} patches, but git wrote ${sections.length}`);
  }
  let next = 0;
  return entries.map((entry) => {
    const own = sections.slice(next, next + sectionCount(entry));
    next += own.length;
    for (const section of own) {
      const header = section.slice(0, section.indexOf('\n'));
      // A quoted header holds an escaped path; otherwise it must name this file.
      if (!header.includes('"') && !header.endsWith(` b/${entry.path}`)) {
        throw new Error(`the patch of '${entry.path}' is out of order ('diff --git ${header}')`);
      }
    }
    return own;
  });
}

/** How many sections git writes for this entry: two when it changes kind (see the module comment), else one. */
export function sectionCount(entry: SideModes): 1 | 2 {
  return changesKind(entry) ? 2 : 1;
}

/** Whether both sides exist and are objects of different kinds (file, link, submodule): git's `T`. */
export function changesKind(entry: SideModes): boolean {
  return !isNoMode(entry.oldMode) && !isNoMode(entry.newMode) && kindOf(entry.oldMode) !== kindOf(entry.newMode);
}

/** Lines a hunk-only patch adds and removes. */
export function countChanges(patch: string): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const line of patch.split('\n')) {
    if (line.startsWith('+')) additions += 1;
    else if (line.startsWith('-')) deletions += 1;
  }
  return { additions, deletions };
}

/**
 * One file's patch from its own sections: the hunks of the last (the new kind, for a change of
 * kind), undefined when it has none (binary, a pure rename, a link removed), with the lines every
 * section adds and removes.
 */
export function entryPatch(sections: readonly string[]): { patch?: string; additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  let patch: string | undefined;
  for (const section of sections) {
    const start = section.search(/^@@ /m);
    patch = start < 0 ? undefined : section.slice(start).replace(/\n$/, '');
    if (patch === undefined) continue;
    const counted = countChanges(patch);
    additions += counted.additions;
    deletions += counted.deletions;
  }
  return patch === undefined ? { additions, deletions } : { patch, additions, deletions };
}

/** A mode's object kind: `10` regular file, `12` symbolic link, `16` submodule (the octal type bits). */
function kindOf(mode: string): string {
  return mode.slice(0, -4);
}

/** `000000`: no object on that side (added or removed). */
function isNoMode(mode: string): boolean {
  return /^0+$/.test(mode);
}
