/**
 * Git repositories built once per test file and copied for each test that changes one. Building a
 * repository runs a git process per step (add, commit, checkout, push…), about 10-13 ms of CPU
 * each on a two-core runner, where a copy runs none: it copies files. A copy is the same repository: git keeps all of it in `.git` and the working tree. Only the
 * index's stat data no longer matches the copied files, so git reads them again rather than
 * trusting it, as it does after a checkout.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempRepo } from '../cli/bundled';
import type { TempRepo } from '../cli/bundled';

export interface RepoTemplate<T> {
  /** A fresh copy (the template is built on first use), and what `build` returned; the caller removes the copy. */
  copy(): { r: TempRepo; built: T };
  /** Makes `r`, a repository just made (a test fixture's), a copy: its .git and files become the template's. */
  into(r: TempRepo): T;
  /** Deletes the template, and what `build` made beside it (afterAll). */
  remove(): void;
}

/**
 * A repository `build` makes once, from `git init` on main, then copied whole for each `copy()`.
 * What `build` returns (commit names, say) holds for every copy; `removeBeside` deletes what
 * `build` made outside the repository (a bare remote).
 */
export function repoTemplate<T>(prefix: string, build: (r: TempRepo) => T, removeBeside: (built: T) => void = () => undefined): RepoTemplate<T> {
  let template: { r: TempRepo; built: T } | undefined;
  const into = (r: TempRepo): T => {
    if (template === undefined) {
      const made = tempRepo(prefix);
      template = { r: made, built: build(made) };
    }
    rmSync(join(r.dir, '.git'), { recursive: true, force: true });
    cpSync(template.r.dir, r.dir, { recursive: true, verbatimSymlinks: true });
    return template.built;
  };
  return {
    copy() {
      const r = tempRepo(prefix);
      return { r, built: into(r) };
    },
    into,
    remove() {
      if (template === undefined) return;
      template.r.remove();
      removeBeside(template.built);
      template = undefined;
    },
  };
}

/** A copy of the bare repository `origin` (a template's remote), made `r`'s origin: a test may push to it. The caller removes it. */
export function originCopy(r: TempRepo, origin: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'review-gate-origin-'));
  cpSync(origin, copy, { recursive: true });
  r.git('remote', 'set-url', 'origin', copy);
  return copy;
}
