/**
 * The links of markdown documents as GitHub reads them: relative links to files, and `#anchors`
 * to headings (or `<a id>`s). Used to check the repository's documents, and the same documents as
 * the npm package ships them, where only the packed files exist.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** Fenced code blocks and code spans hold examples, not links or headings. */
export const withoutCode = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slugOf = (heading: string): string =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

/** Every anchor a document offers: its headings (a repeated one gets -1, -2, …) and its `<a id>`s. */
export function anchorsOf(markdown: string): Set<string> {
  const text = withoutCode(markdown);
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ''] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = slugOf(heading);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  for (const [, id = ''] of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id);
  return anchors;
}

export function linksOf(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

/** Which files a link may lead to: those of `root` that `exists` says are there (all of a clone, or the packed ones). */
export interface LinkTargets {
  root: string;
  /** A repository-relative path, `/`-separated: a file or a folder that is there. */
  exists(file: string): boolean;
}

/** Why a link of document `from` is broken, or undefined when it leads somewhere. */
export function brokenBecause(targets: LinkTargets, from: string, target: string): string | undefined {
  if (/^[a-z]+:/i.test(target)) return undefined;
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? from : normalize(join(dirname(from), path)).replace(/\/$/, '');
  if (relative(targets.root, join(targets.root, file)).startsWith('..')) return 'outside the repository';
  if (!targets.exists(file)) return 'no such file';
  if (anchor === undefined) return undefined;
  if (statSync(join(targets.root, file)).isDirectory() || !file.endsWith('.md')) return 'an anchor into a file that is not markdown';
  return anchorsOf(readFileSync(join(targets.root, file), 'utf8')).has(anchor) ? undefined : `${file} has no heading #${anchor}`;
}

/** Each broken link of document `name`, with why: `docs/x.md: no such file`. */
export function brokenLinks(targets: LinkTargets, name: string): string[] {
  return linksOf(readFileSync(join(targets.root, name), 'utf8')).flatMap((target) => {
    const why = brokenBecause(targets, name, target);
    return why === undefined ? [] : [`${target}: ${why}`];
  });
}
