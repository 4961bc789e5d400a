import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PatchParseError } from '../../src/locate/patch-errors';
import { parsePatch } from '../../src/locate/parse-patch';

const dir = join(import.meta.dirname, '../../fixtures/diff');

type Golden = { added: number[]; context: number[] } | { error: string };

const names = readdirSync(dir)
  .filter((f) => f.endsWith('.diff'))
  .map((f) => f.slice(0, -'.diff'.length))
  .sort();

describe('golden patches (fixtures/diff/<name>.diff beside <name>.diff.json)', () => {
  it('covers the cases the pipeline meets', () => {
    for (const name of [
      'single-hunk',
      'several-hunks',
      'new-file',
      'deletion-only',
      'no-newline-at-eof',
      'crlf',
      'section-heading',
      'plus-minus-content',
      'empty',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(names)('%s', (name) => {
    const patch = readFileSync(join(dir, `${name}.diff`), 'utf8');
    const golden = JSON.parse(readFileSync(join(dir, `${name}.diff.json`), 'utf8')) as Golden;
    const path = `src/${name}.py`;
    if ('error' in golden) {
      expect(() => parsePatch(patch, path)).toThrow(PatchParseError);
      expect(() => parsePatch(patch, path)).toThrow(`Cannot parse the patch of '${path}'`);
      expect(() => parsePatch(patch, path)).toThrow(golden.error);
      return;
    }
    const index = parsePatch(patch, path);
    expect([...index.added].sort((a, b) => a - b)).toEqual(golden.added);
    expect([...index.context].sort((a, b) => a - b)).toEqual(golden.context);
    for (const line of [...golden.added, ...golden.context]) expect(index.isCommentable(line)).toBe(true);
    const shown = new Set([...golden.added, ...golden.context]);
    for (let line = 0; line <= 40; line++) {
      if (!shown.has(line)) expect(index.isCommentable(line)).toBe(false);
    }
  });

  it('keeps the CRLF fixture byte-exact (a checkout that converts it would void its test)', () => {
    expect(readFileSync(join(dir, 'crlf.diff'), 'utf8')).toContain('\r\n');
  });
});
