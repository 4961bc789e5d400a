/**
 * The documents link only to what the repository holds: every relative link names a file that
 * exists, and every `#anchor` a heading of its document (as GitHub makes anchors).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';

const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'CHANGELOG.md'];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string): string =>
  heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

function linksOf(markdown: string): string[] {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

describe.each(DOCUMENTS)('%s', (name) => {
  const text = readFileSync(join(ROOT, name), 'utf8');

  it('links to files of the repository and to headings that exist', () => {
    const headings = new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1] ?? '')));
    const broken = linksOf(text).filter((target) => {
      if (/^[a-z]+:/i.test(target)) return false;
      const [path = '', anchor] = target.split('#');
      if (path === '') return anchor === undefined || !headings.has(anchor);
      return !existsSync(join(ROOT, dirname(name), path));
    });
    expect(broken).toEqual([]);
  });

  it('cites no file outside the repository', () => {
    expect(text).not.toMatch(/shared\/reference|\/work\//);
  });
});
