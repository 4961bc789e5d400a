/**
 * The writers a summary is written to: a measured try must come to the length of the text the
 * same lines join into (else the search keeps a summary over GitHub's limit, or cuts one that
 * fits), and blocks must come out a blank line apart with the empty ones left out, as joining
 * their texts with `\n\n` did.
 */
import { describe, expect, it } from 'vitest';
import { BlockWriter, CollectingWriter, MeasuringWriter, linesOf, measureText } from '../../../src/render/summary/summary-writer';
import type { LineWriter } from '../../../src/render/summary/summary-writer';

/** Blocks of lines, some empty, with characters of one, two and four UTF-8 bytes and a line break inside a line. */
const BLOCKS: string[][] = [['## ✅ Passed'], [], ['- `a.ts` — ok', '- `b.ts` — café'], ['<details>', '', '😀 emoji\nand a second line', '</details>'], [], ['footer']];

function writeBlocks(out: LineWriter): void {
  const blocks = new BlockWriter(out);
  for (const block of BLOCKS) {
    const writer = blocks.next();
    for (const line of block) writer.line(line);
  }
}

describe('summary writers', () => {
  it('join blocks a blank line apart, the empty ones left out, each line followed by a line break', () => {
    const out = new CollectingWriter();
    writeBlocks(out);
    const joined = BLOCKS.filter((b) => b.length > 0).map((b) => b.join('\n')).join('\n\n');
    expect(out.text()).toBe(`${joined}\n`);
    expect(linesOf(writeBlocks)).toBe(joined);
  });

  it('leave out a text block that is empty', () => {
    const out = new CollectingWriter();
    const blocks = new BlockWriter(out);
    blocks.text('first');
    blocks.text('');
    blocks.text('second');
    expect(out.text()).toBe('first\n\nsecond\n');
  });

  for (const unit of ['characters', 'utf8-bytes'] as const) {
    it(`measure, in ${unit}, the length of the text the same lines join into`, () => {
      const kept = new CollectingWriter();
      const measured = new MeasuringWriter(unit);
      writeBlocks(kept);
      writeBlocks(measured);
      expect(measured.length).toBe(measureText(kept.text(), unit));
    });
  }

  it('count UTF-8 bytes apart from characters', () => {
    expect(measureText('é😀', 'characters')).toBe(3);
    expect(measureText('é😀', 'utf8-bytes')).toBe(6);
  });
});
