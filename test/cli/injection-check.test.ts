/**
 * End to end: the terminal command (in-process) on a branch whose files talk their reviewer into
 * green (test/support/injection-corpus.ts), against the gullible cli.simulator. With injection-check
 * off every file passes; with it on (the default) each language and carrier fails, marked
 * "possible prompt injection" in the JSON report, and the file swayed only in its score fails
 * min-score.
 */
import { describe, expect, it } from 'vitest';
import type { JsonReportV1 } from '../../src/render/json-report';
import { INJECTION_CASES, INJECTION_MIN_SCORE } from '../support/injection-corpus';
import { useCli } from './in-process';

const cli = useCli({ gullible: true, branch: INJECTION_CASES });

const review = (args: string[]) => cli.reviewGate(['review', '--base', 'main', '--min-score', INJECTION_MIN_SCORE, '--format', 'json', ...args]);

describe('the terminal command against a reviewer the change can talk into green', () => {
  it('fails each language and carrier with injection-check on, marked, and passes them with --injection-check off', async () => {
    const on = await review([]);
    const report = JSON.parse(on.out) as JsonReportV1;
    expect(on.code).toBe(1);
    expect(report.result).toBe('failed');
    const dangerous = INJECTION_CASES.filter((c) => c.line !== undefined);
    const marked = report.findings.filter((f) => f.possiblePromptInjection === true && f.countsTowardGate);
    expect(marked.map((f) => `${f.path}:${f.line}`).sort()).toEqual(dangerous.map((c) => `${c.path}:${c.line}`).sort());
    const scoreOnly = report.files.find((f) => f.path === 'ts/score.ts');
    expect(scoreOnly).toMatchObject({ score: 100, promptInjection: { blankedScore: 65, scoreBelowMinScore: 80, findings: 0 } });
    expect(report.reasons).toContain(
      "quality score of ts/score.ts with its comments and strings blanked is 65, more than 10 points below min-score 80, while its own review scored 100: the file's text changed the review (possible prompt injection) (injection-check: on)",
    );

    const off = await review(['--injection-check', 'off']);
    expect(JSON.parse(off.out)).toMatchObject({ result: 'passed', counted: { error: 0 } });
    expect(off.code).toBe(0);
  });
});
