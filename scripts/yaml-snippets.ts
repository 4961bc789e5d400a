/**
 * The YAML examples of the documents, each told apart by what it is, so the workflow lint can
 * check every one of them: a whole GitHub workflow, a `jobs:` block, one job (its `steps:`,
 * `permissions:`, …), a list of steps, a GitLab CI job, or a policy file (.github/review-gate.yml).
 * A snippet of a workflow is wrapped in the smallest workflow that holds it, and a finding in the
 * wrapper is mapped back to the snippet's own line and column.
 */
import { isMap, isSeq, parseDocument } from 'yaml';
import { POLICY_INPUTS } from '../src/config/policy/keys';

/** A ```yaml block of a markdown file, with the file line its first line is on. */
export interface YamlBlock {
  text: string;
  firstLine: number;
}

export type SnippetKind = 'workflow' | 'jobs' | 'job' | 'steps' | 'gitlab-job' | 'policy';

/** Every ```yaml (or ```yml) block of a markdown text, in order. */
export function yamlBlocks(markdown: string): YamlBlock[] {
  const found: YamlBlock[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ya?ml\s*$/.test(lines[i] ?? '')) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end++;
    found.push({ text: `${lines.slice(start, end).join('\n')}\n`, firstLine: start + 1 });
    i = end;
  }
  return found;
}

/** The keys of a mapping, as strings; undefined when the value is no mapping. */
function keysOf(value: unknown): string[] | undefined {
  return isMap(value) ? value.items.map((pair) => String((pair.key as { value?: unknown } | null)?.value ?? pair.key)) : undefined;
}

const JOB_KEYS = new Set(['steps', 'runs-on', 'permissions', 'needs', 'if', 'env', 'concurrency', 'strategy', 'services', 'container', 'outputs', 'uses']);
/** The top-level keys a policy file may have: the inputs it may set, and its rules. */
const POLICY_KEYS = new Set([...Object.keys(POLICY_INPUTS), 'rules']);

/** What a YAML example is, or undefined when it is none of the kinds the lint knows (a finding). */
export function classify(text: string): SnippetKind | undefined {
  const doc = parseDocument(dedent(text).text);
  const root = doc.contents;
  // A comment alone, such as the schema line a policy file starts with: an empty policy file.
  if (root === null) return 'policy';
  const keys = keysOf(root);
  if (keys !== undefined) {
    if (keys.includes('on') && keys.includes('jobs')) return 'workflow';
    if (keys.length === 1 && keys[0] === 'jobs') return 'jobs';
    if (keys.every((key) => POLICY_KEYS.has(key))) return 'policy';
    if (keys.some((key) => key === 'steps') && keys.every((key) => JOB_KEYS.has(key))) return 'job';
    const jobs = isMap(root) ? root.items.map((pair) => keysOf(pair.value)) : [];
    if (jobs.length > 0 && jobs.every((job) => job?.includes('script') === true)) return 'gitlab-job';
    return undefined;
  }
  if (isSeq(root) && root.items.length > 0 && root.items.every((step) => keysOf(step)?.some((key) => key === 'uses' || key === 'run') === true)) {
    return 'steps';
  }
  return undefined;
}

/** The text with its common indentation removed, and how many columns that was. */
function dedent(text: string): { text: string; indent: number } {
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => line.length - line.trimStart().length));
  const by = Number.isFinite(indent) ? indent : 0;
  return { text: lines.map((line) => line.slice(Math.min(by, line.length - line.trimStart().length))).join('\n'), indent: by };
}

/** A snippet wrapped in a whole workflow, and how to find a wrapper position in the snippet. */
export interface WrappedSnippet {
  workflow: string;
  /** The wrapper's line of the snippet's first line, less one. */
  lineOffset: number;
  /** Columns the snippet's lines moved right (negative: left). */
  columnShift: number;
}

/** The smallest workflow that holds a snippet of one of the workflow kinds; undefined for the others. */
export function asWorkflow(text: string, kind: SnippetKind): WrappedSnippet | undefined {
  const { text: body, indent } = dedent(text);
  const header = ['name: snippet', 'on: pull_request'];
  let depth: number;
  switch (kind) {
    case 'workflow':
      return { workflow: text, lineOffset: 0, columnShift: 0 };
    case 'jobs':
      depth = 0;
      break;
    case 'job':
      header.push('jobs:', '  snippet:');
      // A job needs a runner; the snippet's own runs-on, when it has one, is kept.
      if (!/^runs-on:/m.test(body)) header.push('    runs-on: ubuntu-latest');
      depth = 4;
      break;
    case 'steps':
      header.push('jobs:', '  snippet:', '    runs-on: ubuntu-latest', '    steps:');
      depth = 6;
      break;
    default:
      return undefined;
  }
  const pad = ' '.repeat(depth);
  const lines = body.split('\n').map((line) => (line.trim() === '' ? line : `${pad}${line}`));
  return { workflow: [...header, ...lines].join('\n'), lineOffset: header.length, columnShift: depth - indent };
}
