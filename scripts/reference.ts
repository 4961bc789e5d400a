/**
 * `npm run reference`: writes the README's tables of inputs and outputs from action.yml, between
 * marker comments, so the two cannot disagree. `--check` changes nothing and exits 1 when the
 * README differs from what action.yml gives (CI runs it). `--action FILE` and `--readme FILE`
 * point it at other copies (its tests use temporary ones).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';

interface ActionInput { description?: unknown; required?: unknown; default?: unknown }
interface ActionOutput { description?: unknown }
interface ActionMetadata { inputs?: Record<string, ActionInput>; outputs?: Record<string, ActionOutput> }

export const SECTIONS = ['inputs', 'outputs'] as const;
export type Section = (typeof SECTIONS)[number];

export class ReferenceError extends Error {
  override readonly name = 'ReferenceError' as const;
}

const start = (section: Section): string => `<!-- reference:${section}:start — generated from action.yml by npm run reference; edit action.yml -->`;
const end = (section: Section): string => `<!-- reference:${section}:end -->`;

/** One line of a table cell: folded, and a `|` cannot end the cell. */
function cell(text: unknown, where: string): string {
  if (typeof text !== 'string' || text.trim() === '') throw new ReferenceError(`action.yml: ${where} has no description.`);
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

function defaultCell(input: ActionInput): string {
  if (input.required === true) return 'required';
  const value = input.default;
  if (value === undefined || value === null || value === '') return 'empty';
  // The runner reads every default as a string; YAML may have parsed 300 or true.
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return `\`${String(value)}\``;
  throw new ReferenceError('action.yml: a default must be a string.');
}

export function renderTables(actionYml: string): Record<Section, string> {
  const action = parse(actionYml) as ActionMetadata;
  const inputs = Object.entries(action.inputs ?? {}).map(
    ([name, input]) => `| \`${name}\` | ${defaultCell(input)} | ${cell(input.description, `input ${name}`)} |`,
  );
  const outputs = Object.entries(action.outputs ?? {}).map(([name, output]) => `| \`${name}\` | ${cell(output.description, `output ${name}`)} |`);
  return {
    inputs: ['| input | default | meaning |', '|---|---|---|', ...inputs].join('\n'),
    outputs: ['| output | meaning |', '|---|---|', ...outputs].join('\n'),
  };
}

/** The README with each section's table replaced by the one action.yml gives. */
export function updateReadme(readme: string, actionYml: string): string {
  const tables = renderTables(actionYml);
  let text = readme;
  for (const section of SECTIONS) {
    const from = text.indexOf(start(section));
    const to = text.indexOf(end(section));
    if (from === -1 || to === -1 || to < from) {
      throw new ReferenceError(`README.md has no ${section} table markers: put the lines\n${start(section)}\n${end(section)}\nwhere the table goes.`);
    }
    text = `${text.slice(0, from)}${start(section)}\n${tables[section]}\n${text.slice(to)}`;
  }
  return text;
}

/** The names in action.yml that the README's tables lack, and the ones they list that it lacks. */
export function describeDrift(readme: string, actionYml: string): string[] {
  const expected = updateReadme(readme, actionYml);
  const names = (text: string, section: Section): Set<string> => {
    const from = text.indexOf(start(section));
    const block = from === -1 ? '' : text.slice(from, text.indexOf(end(section), from));
    return new Set([...block.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] ?? ''));
  };
  const lines: string[] = [];
  for (const section of SECTIONS) {
    const want = names(expected, section);
    const have = names(readme, section);
    const missing = [...want].filter((n) => !have.has(n));
    const extra = [...have].filter((n) => !want.has(n));
    if (missing.length > 0) lines.push(`${section} in action.yml but not in README.md: ${missing.join(', ')}`);
    if (extra.length > 0) lines.push(`${section} in README.md but not in action.yml: ${extra.join(', ')}`);
  }
  if (lines.length === 0 && expected !== readme) lines.push('a default or a description in README.md differs from action.yml');
  return lines;
}

function option(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : (args[at + 1] ?? fallback);
}

/** Where main() tells what it did (default the console). */
export interface ReferenceOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

const CONSOLE: ReferenceOutput = { log: (line) => console.log(line), error: (line) => console.error(line) };

export async function main(args: string[], output: ReferenceOutput = CONSOLE): Promise<number> {
  const root = join(import.meta.dirname, '..');
  const actionPath = option(args, 'action', join(root, 'action.yml'));
  const readmePath = option(args, 'readme', join(root, 'README.md'));
  try {
    const actionYml = await readFile(actionPath, 'utf8');
    const readme = await readFile(readmePath, 'utf8');
    const updated = updateReadme(readme, actionYml);
    if (!args.includes('--check')) {
      if (updated !== readme) await writeFile(readmePath, updated);
      output.log(updated === readme ? 'README.md already matches action.yml.' : 'README.md: the inputs and outputs tables were rewritten from action.yml.');
      return 0;
    }
    if (updated === readme) {
      output.log('README.md matches action.yml.');
      return 0;
    }
    for (const line of describeDrift(readme, actionYml)) output.error(`- ${line}`);
    output.error('README.md differs from action.yml: run `npm run reference` and commit README.md.');
    return 1;
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error;
    output.error(error.message);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
