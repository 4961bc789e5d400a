/**
 * The recipes name one pinned reference: every workflow of the README and docs/ uses
 * review-gate at the same commit's full SHA with the same version comment, and the README's GitLab
 * job installs that same commit — never a tag such as `@v0` that may not exist. The release script
 * rewrites them all at once (test/scripts/release.test.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { pinsIn, withPins } from '../../scripts/pins';

const documents = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md')).sort().map((n) => `docs/${n}`)];
const pins = documents.flatMap((file) => pinsIn(readFileSync(join(ROOT, file), 'utf8')).map((pin) => ({ file, ...pin })));

describe('the recipes’ pinned reference', () => {
  it('is one full commit SHA with one version comment, in every workflow and in the GitLab job', () => {
    expect(pins.length).toBeGreaterThan(10);
    expect(pins.filter((pin) => !/^[0-9a-f]{40}$/.test(pin.ref)).map((pin) => `${pin.file}:${pin.line} @${pin.ref}`)).toEqual([]);
    expect(new Set(pins.map((pin) => `${pin.ref}  # ${pin.label}`)).size).toBe(1);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(new RegExp(`npm install --global "git\\+https://github\\.com/OWNER/review-gate\\.git#${pins[0]?.ref ?? 'none'}"`));
  });

  it('is rewritten whole: a tag, a SHA and the GitLab install alike, with their comments', () => {
    const text = ['      - uses: OWNER/review-gate@v0', `        uses: OWNER/review-gate@${'a'.repeat(40)}  # old`, '    - npm install --global "git+https://github.com/OWNER/review-gate.git#v0"', 'In prose: `uses: OWNER/review-gate@v0`'].join('\n');
    expect(withPins(text, 'b'.repeat(40), 'v1.2.3').split('\n')).toEqual([
      `      - uses: OWNER/review-gate@${'b'.repeat(40)}  # v1.2.3`,
      `        uses: OWNER/review-gate@${'b'.repeat(40)}  # v1.2.3`,
      `    - npm install --global "git+https://github.com/OWNER/review-gate.git#${'b'.repeat(40)}"  # v1.2.3`,
      'In prose: `uses: OWNER/review-gate@v0`',
    ]);
  });
});
