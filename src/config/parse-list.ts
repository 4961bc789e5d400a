/**
 * Splits a comma- or newline-separated list, trimming entries and dropping empty ones. A comma
 * inside braces belongs to a glob (`{lib,app}/**`), not to the list.
 */
export function parseList(value: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let entry = '';
  for (const char of value) {
    if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    if (char === '\n' || (char === ',' && depth === 0)) {
      entries.push(entry);
      entry = '';
      depth = 0;
    } else entry += char;
  }
  entries.push(entry);
  return entries.map((e) => e.trim()).filter((e) => e.length > 0);
}
