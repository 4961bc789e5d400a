/**
 * Blobs git stores in place of a file's content when another tool keeps the content: what a
 * checkout with that tool turns into the real file, so reviewing the blob would review a
 * placeholder instead of the code that runs.
 *
 * - Git LFS pointers, read as git-lfs reads them (its spec, and `lfs/pointer.go`): the first 1,024
 *   bytes (git-lfs reads no more before deciding), trimmed; blank lines skipped; `version` with one
 *   of git-lfs's version URLs (`https://git-lfs.github.com/spec/v1`, the pre-release
 *   `https://hawser.github.com/spec/v1` and the alpha `http://git-media.io/v/2`), `oid
 *   sha256:<64 hex>` and `size <n>` in that order, with `ext-<n>-<name>` lines anywhere before
 *   `size`. Where git-lfs is strict, this is not (a line after `size`, an upper-case or longer
 *   oid, a signed size, as older git-lfs versions took): git-lfs's smudge may decide on fewer
 *   bytes than it reads, and a pointer taken for code would be reviewed as code (fail closed).
 * - git-annex pointer files (an unlocked annexed file): a first line naming a key under
 *   `/annex/objects/`, as git-annex's `parseLinkTargetOrPointer` reads it. A locked annexed file
 *   is a symbolic link into `.git/annex/objects/`, found where links are followed (links.ts).
 * - git-fat placeholders: `#$# git-fat <sha1> <size>`.
 */

export type Placeholder =
  /** A Git LFS pointer; `extensions`: it names LFS extensions, whose smudged content no SHA-256 here pins. */
  | { kind: 'lfs'; oid: string; size: number; extensions: boolean }
  | { kind: 'annex'; key: string }
  | { kind: 'git-fat'; sha: string };

/** git-lfs decides on the first 1,024 bytes of a blob (`blobSizeCutoff`). */
const LFS_HEAD_BYTES = 1024;
/** git-annex reads a pointer's first line within its first 8,192 bytes. */
const ANNEX_HEAD_BYTES = 8192;

const LFS_VERSIONS: ReadonlySet<string> = new Set(['https://git-lfs.github.com/spec/v1', 'https://hawser.github.com/spec/v1', 'http://git-media.io/v/2']);

/** A git-annex key: `BACKEND[-field…]--name`, e.g. `SHA256E-s1234--<hash>.py`. */
const ANNEX_KEY = /^[A-Z0-9]+(?:-[A-Za-z][^-/]*)*--[^/]+$/;

/** The placeholder `bytes` are, or undefined when they are content of their own. */
export function readPlaceholder(bytes: Uint8Array): Placeholder | undefined {
  return lfsPointer(bytes) ?? annexPointer(bytes) ?? gitFat(bytes);
}

/** The keys of a pointer, in the order git-lfs requires them; `ext-<n>-<name>` lines may come anywhere before `size`. */
const LFS_KEYS = ['version', 'oid', 'size'] as const;

function lfsPointer(bytes: Uint8Array): Placeholder | undefined {
  // Go's bytes.TrimSpace trims Unicode spaces (U+0085 and U+00A0 among them), as the pattern does.
  const head = Buffer.from(bytes.subarray(0, LFS_HEAD_BYTES)).toString('utf8').replace(/^[\s\u0085]+|[\s\u0085]+$/g, '');
  if (!/git-media|hawser|git-lfs/.test(head)) return undefined;
  const values: Partial<Record<(typeof LFS_KEYS)[number], string>> = {};
  let next = 0;
  let extensions = false;
  // bufio.Scanner's lines: split at LF, a CR before it dropped; blank lines skipped.
  for (const line of head.split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l !== '')) {
    const space = line.indexOf(' ');
    if (space < 0) return undefined;
    const [key, value] = [line.slice(0, space), line.slice(space + 1)];
    const expected = LFS_KEYS[next];
    if (expected === undefined) break;
    if (key === expected) {
      values[expected] = value;
      next += 1;
    } else if (/^ext-\d-\w+/.test(key)) extensions = true;
    else return undefined;
  }
  const oid = /^sha256:([0-9a-fA-F]{64})/.exec(values.oid ?? '')?.[1];
  const size = /^[+-]?(\d+)$/.exec(values.size ?? '')?.[1];
  if (!LFS_VERSIONS.has(values.version ?? '') || oid === undefined || size === undefined) return undefined;
  return { kind: 'lfs', oid: oid.toLowerCase(), size: Number(size), extensions };
}

function annexPointer(bytes: Uint8Array): Placeholder | undefined {
  const first = Buffer.from(bytes.subarray(0, ANNEX_HEAD_BYTES)).toString('latin1').split(/[\r\n]/, 1)[0] ?? '';
  return annexKeyIn(first);
}

/** The git-annex key a link target or a pointer's first line names (`…/annex/objects/…/<key>`). */
export function annexKeyIn(text: string): Placeholder | undefined {
  if (!text.includes('/annex/objects/')) return undefined;
  const key = text.slice(text.lastIndexOf('/') + 1);
  return ANNEX_KEY.test(key) ? { kind: 'annex', key } : undefined;
}

function gitFat(bytes: Uint8Array): Placeholder | undefined {
  const text = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const sha = /^#\$# git-fat ([0-9a-f]{40}) +\d+\s*$/.exec(text)?.[1];
  return sha === undefined ? undefined : { kind: 'git-fat', sha };
}

/** The tool that keeps the content, and what the placeholder names of it: `Git LFS`, `oid sha256:4d7a214614ab…, 12345 bytes`. */
export function describePlaceholder(placeholder: Placeholder): { tool: string; detail: string } {
  switch (placeholder.kind) {
    case 'lfs':
      return { tool: 'Git LFS', detail: `oid sha256:${placeholder.oid.slice(0, 12)}…, ${placeholder.size} bytes` };
    case 'annex':
      return { tool: 'git-annex', detail: `key ${placeholder.key.length > 40 ? `${placeholder.key.slice(0, 39)}…` : placeholder.key}` };
    case 'git-fat':
      return { tool: 'git-fat', detail: `${placeholder.sha.slice(0, 12)}…` };
  }
}
