/**
 * End to end: the terminal command (in-process) on a branch holding hidden text
 * (test/support/hidden-text-corpus.ts): each added line with a bidirectional control or an
 * invisible character is an error finding naming its characters by code point, found locally
 * (one review request per file, as without it), whatever the service said.
 */
import { describe, expect, it } from 'vitest';
import type { JsonReportV1 } from '../../src/render/json-report';
import { HIDDEN } from '../support/hidden-text-corpus';
import { useCli } from './in-process';

const cli = useCli({ gullible: true, branch: HIDDEN });

const review = (format: string) => cli.reviewGate(['review', '--base', 'main', '--injection-check', 'off', '--format', format], { NO_COLOR: '1' });

describe('the terminal command on hidden text', () => {
  it('fails on each added line holding it, naming the code points, in the JSON report and the text output', async () => {
    const failing = HIDDEN.filter((c) => c.line !== undefined);
    const json = await review('json');
    const report = JSON.parse(json.out) as JsonReportV1;
    expect(json.code).toBe(1);
    const hidden = report.findings.filter((f) => f.source === 'hidden-text' && f.severity === 'error' && f.countsTowardGate);
    expect(hidden.map((f) => `${f.path}:${f.line}`).sort()).toEqual(failing.map((c) => `${c.path}:${c.line}`).sort());
    // Listed, but not the change's: the line was in the base.
    expect(report.findings.find((f) => f.path === 'cmd/main.go')).toMatchObject({ line: 3, countsTowardGate: false, location: 'diff-context' });
    for (const c of failing) expect(hidden.find((f) => f.path === c.path)?.message).toContain(`Hidden text on this line: ${c.names}.`);
    // The characters are found in the file itself: one review per file, as without them.
    expect(cli.simulator.requests.filter((r) => r.path === '/v1/agent/review')).toHaveLength(HIDDEN.length);

    const text = await review('text');
    expect(text.code).toBe(1);
    expect(text.out).toContain('src/access.py:3');
    expect(text.out).toContain('U+202E RIGHT-TO-LEFT OVERRIDE');
  });
});
