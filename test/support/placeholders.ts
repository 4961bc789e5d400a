/**
 * What git stores in place of a file's content when another tool keeps the content: a Git LFS
 * pointer (git-lfs's spec: `version`, `oid sha256:…`, `size`) and a git-annex pointer file. Tests
 * write them as the tools would, without the tools.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function sha256(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** The pointer git-lfs commits for `content`. */
export function lfsPointer(content: string | Buffer): string {
  return `version https://git-lfs.github.com/spec/v1\noid sha256:${sha256(content)}\nsize ${Buffer.byteLength(content)}\n`;
}

/** Puts `stored` where `git lfs fetch` keeps the object of `content`'s pointer (`.git/lfs/objects/ab/cd/abcd…`). */
export function storeLfsObject(gitDir: string, content: string | Buffer, stored: string | Buffer = content): void {
  const oid = sha256(content);
  const folder = join(gitDir, 'lfs', 'objects', oid.slice(0, 2), oid.slice(2, 4));
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, oid), stored);
}

/** The pointer file git-annex commits for an unlocked file holding `content` (a SHA256E key). */
export function annexPointer(content: string, extension = '.py'): string {
  return `/annex/objects/SHA256E-s${Buffer.byteLength(content)}--${sha256(content)}${extension}\n`;
}
