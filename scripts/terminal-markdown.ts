/**
 * Shows the markdown review-gate writes (the summary comment, the job summary) in a terminal
 * roughly as GitHub renders it: headings in bold, tables aligned, `<details>` open, `<sub>` dim,
 * hidden markers gone. Only the subset the action writes; anything else passes through as text.
 */
import { plainStyle } from './terminal-style';
import type { Style } from './terminal-style';

/** Columns a terminal gives a string: emoji take two, variation selectors and joiners none. */
function width(text: string): number {
  let columns = 0;
  for (const char of text) {
    if (/[\uFE00-\uFE0F\u200D]/u.test(char)) continue;
    columns += /\p{Extended_Pictographic}/u.test(char) && char !== 'ℹ' ? 2 : 1;
  }
  return columns;
}

function inline(text: string, style: Style): string {
  return text
    .replace(/<sub>(.*?)<\/sub>/g, (_m, inner: string) => style.dim(inner))
    .replace(/\*\*(.+?)\*\*/g, (_m, inner: string) => style.bold(inner))
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '$1 ($2)')
    .replace(/`([^`]+)`/g, (_m, inner: string) => style.cyan(inner))
    .replace(/<br\s*\/?>/g, ' ');
}

function table(rows: string[], style: Style): string[] {
  const split = (row: string): string[] => row.replace(/^\|/, '').replace(/\|\s*$/, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
  const [header = [], separator = [], ...body] = rows.map(split);
  const right = separator.map((cell) => /^-+:$/.test(cell.replace(/\s/g, '')));
  const plain = [header, ...body].map((cells) => cells.map((c) => inline(c, plainStyle)));
  const widths = header.map((_c, i) => Math.max(...plain.map((cells) => width(cells[i] ?? ''))));
  const render = (cells: string[], styled: string[]): string =>
    cells
      .map((cell, i) => {
        const pad = ' '.repeat(Math.max(0, (widths[i] ?? 0) - width(cell)));
        return right[i] === true ? `${pad}${styled[i] ?? ''}` : `${styled[i] ?? ''}${pad}`;
      })
      .join('  ');
  return [header, ...body].map((cells, r) => {
    const styled = cells.map((c) => inline(c, style));
    const line = render(plain[r] ?? [], styled);
    return r === 0 ? style.bold(line) : line;
  });
}

/** A <summary> line as the heading of what follows: a colon, unless it ends a sentence already. */
function introduces(line: string): string {
  return /[.!?:]$/.test(line) ? line : `${line}:`;
}

export function renderMarkdown(markdown: string, style: Style = plainStyle): string {
  const out: string[] = [];
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && (lines[i] ?? '').startsWith('|')) rows.push(lines[i++] ?? '');
      i--;
      out.push(...table(rows, style).map((row) => `  ${row}`));
      continue;
    }
    const heading = /^#{1,6} (.*)$/.exec(line);
    const summary = /^<summary>(.*)<\/summary>$/.exec(line.trim());
    if (heading !== null) out.push(style.bold(inline(heading[1] ?? '', plainStyle)));
    // A <summary> line is HTML: its <code> is a code span.
    else if (summary !== null) out.push(style.bold(introduces(inline((summary[1] ?? '').replace(/<code>(.*?)<\/code>/g, '`$1`'), plainStyle))));
    else if (/^<\/?details>$/.test(line.trim())) continue;
    else if (/^```/.test(line)) continue;
    else if (/^- /.test(line)) out.push(`  • ${inline(line.slice(2), style)}`);
    else out.push(inline(line, style));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
