/**
 * Where a summary is written: line by line, either kept to be joined once into its markdown, or
 * only measured. Fitting a summary to its size limit tries it with several caps on its lists; each
 * try is measured, never joined, so the search builds no whole summary string (for 12,000
 * findings, a megabyte a try, held by the garbage collector's old space until the run ends). The
 * lines themselves are the lists' items, each rendered once for the run, so a measured try
 * allocates nearly nothing.
 */

/** A summary, or a section of it, as lines: its text is each line followed by a line break. */
export interface LineWriter {
  /** One line of the text; it may hold line breaks of its own (a block rendered once). */
  line(text: string): void;
}

/** How a summary's length counts: characters (GitHub's comment limit) or UTF-8 bytes (the job summary's). */
export type LengthUnit = 'characters' | 'utf8-bytes';

export function measureText(text: string, unit: LengthUnit): number {
  return unit === 'utf8-bytes' ? Buffer.byteLength(text, 'utf8') : text.length;
}

/** Counts the length of what is written, line breaks included, and keeps none of it. */
export class MeasuringWriter implements LineWriter {
  length = 0;

  constructor(private readonly unit: LengthUnit) {}

  line(text: string): void {
    this.length += measureText(text, this.unit) + 1;
  }
}

/** Keeps the lines written, for one join at the end. */
export class CollectingWriter implements LineWriter {
  private readonly lines: string[] = [];

  line(text: string): void {
    this.lines.push(text);
  }

  /** Each line followed by a line break. */
  text(): string {
    return this.lines.length === 0 ? '' : `${this.joined()}\n`;
  }

  /** The lines with a line break between each two: a part of a larger text. */
  joined(): string {
    return this.lines.join('\n');
  }
}

/** What `write` writes, as one string with a line break between each two lines (a small block, rendered once). */
export function linesOf(write: (out: LineWriter) => void): string {
  const out = new CollectingWriter();
  write(out);
  return out.joined();
}

/**
 * Writes blocks one after the other, with one blank line between each two that wrote anything:
 * what joining the blocks' texts with `\n\n`, the empty ones left out, gives. `next()` starts a
 * block and returns its writer.
 */
export class BlockWriter {
  private wrote = false;
  private blankPending = false;
  private readonly writer: LineWriter = {
    line: (text) => {
      if (this.blankPending) this.out.line('');
      this.blankPending = false;
      this.wrote = true;
      this.out.line(text);
    },
  };

  constructor(private readonly out: LineWriter) {}

  next(): LineWriter {
    this.blankPending = this.wrote;
    return this.writer;
  }

  /** A block of one text, left out when empty. */
  text(text: string): void {
    if (text !== '') this.next().line(text);
  }
}
