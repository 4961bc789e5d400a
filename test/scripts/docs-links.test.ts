/**
 * The documents link only to what the repository holds: every relative link names a file that
 * exists, and every `#anchor` a heading (or an `<a id>`) of the document it points into, as GitHub
 * makes anchors. The README, the repository's own documents and every page of docs/ are checked,
 * and the README links to every page of docs/.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { embeddedWorkflows } from '../../scripts/lint-workflows';
import { anchorsOf, brokenBecause, brokenLinks, linksOf, withoutCode } from '../support/markdown-links';
import type { LinkTargets } from '../support/markdown-links';

const PAGES = readdirSync(join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => `docs/${name}`);
const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'CHANGELOG.md', ...PAGES];

const read = (name: string): string => readFileSync(join(ROOT, name), 'utf8');
const REPOSITORY: LinkTargets = { root: ROOT, exists: (file) => existsSync(join(ROOT, file)) };

describe.each(DOCUMENTS)('%s', (name) => {
  const text = read(name);

  it('links to files of the repository and to headings that exist', () => {
    expect(brokenLinks(REPOSITORY, name)).toEqual([]);
  });

  it('cites no file outside the repository', () => {
    expect(text).not.toMatch(/shared\/reference|\/work\//);
  });
});

describe('the link check', () => {
  it('finds an anchor of a heading, of a repeated heading and of an <a id>, and none inside code', () => {
    const anchors = anchorsOf(['# Code scanning (SARIF)', '## Notes', '## Notes', '- <a id="old-name"></a>[Moved](x.md)', '```sh', '# not a heading', '```'].join('\n'));
    expect([...anchors].sort()).toEqual(['code-scanning-sarif', 'notes', 'notes-1', 'old-name']);
  });

  it('reports a missing file, a missing heading in another page, and a link out of the repository', () => {
    expect(brokenBecause(REPOSITORY, 'README.md', 'docs/no-such-page.md')).toBe('no such file');
    expect(brokenBecause(REPOSITORY, 'README.md', 'docs/gate.md#no-such-heading')).toBe('docs/gate.md has no heading #no-such-heading');
    expect(brokenBecause(REPOSITORY, 'docs/gate.md', '../../outside.md')).toBe('outside the repository');
    expect(brokenBecause(REPOSITORY, 'docs/gate.md', '../README.md#exit-statuses')).toBeUndefined();
  });
});

describe('the README', () => {
  const readme = read('README.md');

  it('is read in five minutes: at most 400 lines, its sections in the order a newcomer needs them', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    const sections = [...withoutCode(readme).matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['Status', 'Quick start', 'Use it in a workflow', 'What a pull request shows', 'Inputs and outputs', 'Exit statuses', 'What a run costs', 'Read more']);
  });

  it('shows a minimal workflow in its first 80 lines: on pull_request and merge_group, at most 25 lines, nothing but the step', () => {
    const [first] = embeddedWorkflows(readme);
    expect(first).toBeDefined();
    const lines = (first?.text ?? '').trimEnd().split('\n');
    expect((first?.firstLine ?? Infinity) + lines.length).toBeLessThanOrEqual(80);
    expect(lines.length).toBeLessThanOrEqual(25);
    expect(first?.text).toMatch(/^on:\n {2}pull_request:\n/m);
    expect(first?.text).toMatch(/^ {2}merge_group:/m);
    expect(first?.text).toMatch(/api-key: \$\{\{ secrets\.\w+ \}\}/);
    expect(first?.text).toMatch(/api-url: /);
    expect(first?.text).not.toMatch(/pull_request_review_comment|^\s*if:|concurrency/m);
  });

  it('says what a run costs in a table of one row per source of requests, which takes another row as one', () => {
    const section = readme.slice(readme.indexOf('## What a run costs'), readme.indexOf('## Read more'));
    const rows = section.split('\n').filter((line) => line.startsWith('| '));
    expect(rows[0]).toBe('| what | review-service requests | GitHub API requests |');
    expect(rows.slice(1).map((row) => row.split(' | ')[0])).toEqual([
      '| each changed file in a supported language', '| `score-baseline: base`', '| `injection-check: on` (the default)', '| `walkthrough: true`', '| a transient failure (429, 503, a timeout)', '| the run itself, whatever its size',
    ]);
    // Every row has a cell for each budget.
    for (const row of rows) expect(row.split(' | ')).toHaveLength(3);
    expect(section).toContain('daily quota');
    expect(section).toContain('[Pay once per file](docs/cache.md)');
  });

  it('links to every page of docs/', () => {
    const linked = new Set(linksOf(readme).map((target) => target.split('#')[0]));
    expect(PAGES.filter((page) => !linked.has(page))).toEqual([]);
  });

  // Sections that moved to docs/ keep their old anchor in the README, next to the link that leads
  // to them, so a link someone saved still lands on the way there.
  const OLD_ANCHORS = [
    'quick-start', 'use-it-in-a-workflow', 'versions-and-pinning', 'inputs', 'outputs', 'languages',
    'recipes', 'use-the-outputs-in-a-later-step', 'a-trial-run-that-does-not-block',
    'the-quality-gate-what-fails-the-check', 'make-the-check-required', 'judge-only-what-the-pull-request-changes',
    'pay-once-per-file-and-upload-to-code-scanning', 'what-it-posts', 'the-gate', 'dismissals-and-suppressions',
    'how-the-service-is-called', 'pay-once-per-file-the-result-cache-and-the-checkout', 'pull-requests-from-forks',
    'troubleshooting', 'from-a-terminal', 'code-scanning-sarif', 'the-client', 'performance', 'security',
    'who-can-do-what-to-the-check', 'what-is-sent-and-where', 'develop', 'the-service-simulator',
  ];

  it('still offers every anchor of its sections that moved to docs/', () => {
    const anchors = anchorsOf(readme);
    expect(OLD_ANCHORS.filter((anchor) => !anchors.has(anchor))).toEqual([]);
  });
});
