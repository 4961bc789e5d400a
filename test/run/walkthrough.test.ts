/**
 * The walkthrough: one completion from the file list and per-file summaries, cut to fit, one
 * retry on context_too_long, one line on failure, and shown atop the summary.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/service/client';
import { ServiceError } from '../../src/service/errors';
import type { CompletionRequest } from '../../src/service/types';
import { MAX_WALKTHROUGH_LENGTH } from '../../src/domain/run-report';
import { WALKTHROUGH_BUDGETS, walkthroughPrompt, writeWalkthrough } from '../../src/run/walkthrough';
import { renderSummary } from '../../src/render/summary/summary';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import type { FileOutcome } from '../../src/domain/outcomes';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { reviewedFile } from '../support/findings';

function reviewed(path: string, summary: string): FileOutcome {
  return reviewedFile(path, { summary });
}

const outcomes: FileOutcome[] = [
  reviewed('src/b.py', 'Adds a parser.'),
  reviewed('src/a.py', 'Adds a rule runner that calls eval().'),
  { kind: 'skipped', path: 'README.md', reason: 'not a supported language' },
  { kind: 'failed', path: 'big.py', reason: 'not reviewed: too large' },
];

const tooLong = () => new ServiceError('Completion service answered 400 context_too_long', 'context_too_long', { status: 400, requestId: 'svc_req_1' });

describe('the walkthrough prompt', () => {
  it('lists every file by path, with the review summary of each reviewed one', () => {
    expect(walkthroughPrompt(outcomes, 10_000)).toBe(
      [
        'The pull request changes 4 files. Each with what the code review said about it:',
        '- README.md: not reviewed (not a supported language)',
        '- big.py: not reviewed',
        '- src/a.py (python): Adds a rule runner that calls eval().',
        '- src/b.py (python): Adds a parser.',
      ].join('\n'),
    );
  });

  it('fits the budget: shorter summaries first, then the files past it are counted', () => {
    const many = Array.from({ length: 500 }, (_, i) => reviewed(`src/module_${String(i).padStart(3, '0')}.py`, 'x'.repeat(300)));
    for (const budget of [...WALKTHROUGH_BUDGETS, 500]) {
      const prompt = walkthroughPrompt(many, budget);
      expect(prompt.length).toBeLessThanOrEqual(budget);
      expect(prompt).toMatch(/- … and \d+ more files, left out for length$/);
    }
    expect(walkthroughPrompt(many.slice(0, 20), 12_000)).toContain('x'.repeat(300));
  });
});

describe('writing the walkthrough', () => {
  it('asks once, and returns the text', async () => {
    const requests: CompletionRequest[] = [];
    const outcome = await writeWalkthrough((request) => {
      requests.push(request);
      return Promise.resolve('- **src/**: a rule runner and a parser.\n');
    }, { outcomes });
    expect(outcome).toEqual({ kind: 'written', text: '- **src/**: a rule runner and a parser.' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.max_tokens).toBe(400);
    expect(requests[0]?.system).toContain('walkthrough');
  });

  it('cuts the prompt further and retries once on context_too_long', async () => {
    const prompts: string[] = [];
    const outcome = await writeWalkthrough((request) => {
      prompts.push(request.prompt);
      return prompts.length === 1 ? Promise.reject(tooLong()) : Promise.resolve('ok');
    }, { outcomes: Array.from({ length: 400 }, (_, i) => reviewed(`f${i}.py`, 'y'.repeat(200))) });
    expect(outcome).toEqual({ kind: 'written', text: 'ok' });
    expect(prompts.map((p) => p.length <= (WALKTHROUGH_BUDGETS[prompts.indexOf(p)] ?? 0))).toEqual([true, true]);
    expect(prompts[1]?.length).toBeLessThan(prompts[0]?.length ?? 0);
  });

  it('gives up after the one retry, in one line', async () => {
    let calls = 0;
    const outcome = await writeWalkthrough(() => {
      calls += 1;
      return Promise.reject(tooLong());
    }, { outcomes });
    expect(calls).toBe(2);
    expect(outcome).toEqual({
      kind: 'failed',
      message: 'No walkthrough: the file list did not fit the context window even when cut to a quarter (context_too_long).',
    });
  });

  it('says in one line why another failure left no walkthrough, and does not retry it', async () => {
    let calls = 0;
    const outcome = await writeWalkthrough(() => {
      calls += 1;
      return Promise.reject(new ServiceError('overloaded', 'overloaded', { status: 503, requestId: 'svc_req_9' }));
    }, { outcomes });
    expect(calls).toBe(1);
    expect(outcome).toEqual({ kind: 'failed', message: 'No walkthrough: the completion request failed (overloaded, request svc_req_9).' });
  });

  it('cuts a long answer', async () => {
    const outcome = await writeWalkthrough(() => Promise.resolve('z'.repeat(MAX_WALKTHROUGH_LENGTH + 50)), { outcomes });
    expect(outcome.kind === 'written' && outcome.text.length).toBe(MAX_WALKTHROUGH_LENGTH);
  });
});

describe('against the service simulator', () => {
  let simulator: RunningSimulator | undefined;
  afterEach(async () => simulator?.close());

  it('recovers from context_too_long with the shorter prompt', async () => {
    simulator = await startSimulator({ contextLimitTokens: 1_500 });
    const client = createClient({ apiKey: DEMO_KEY, baseUrl: simulator.url, retry: { maxRetries: 0 } });
    const many = Array.from({ length: 300 }, (_, i) => reviewed(`src/m${i}.py`, 'A summary of what the review found in this file.'));
    const outcome = await writeWalkthrough(async (request) => (await client.complete(request)).content, { outcomes: many });
    expect(outcome.kind).toBe('written');
    expect(simulator.requests.map((r) => [r.path, r.status, r.code])).toEqual([
      ['/v1/complete', 400, 'context_too_long'],
      ['/v1/complete', 200, undefined],
    ]);
  });
});

describe('in the summary', () => {
  const base = {
    verdict: { result: 'passed' as const, reasons: [], notices: [], counted: { error: 0, warning: 0, info: 0 } },
    files: outcomes,
    overflow: [],
    notCommentable: [],
    rejected: [],
    tokensUsed: 10,
  };

  it('comes first, right after the marker, sanitized like every text of the service', () => {
    const markdown = renderSummary({ ...base, walkthrough: { kind: 'written', text: '- **src/**: runner @octocat <!-- review-gate:summary -->' } }, { marker: true, maxLength: 65_536 });
    expect(markdown.startsWith(`${SUMMARY_MARKER}\n\n### Walkthrough\n\n- **src/**: runner @\u200Boctocat &lt;!-- review-gate:summary -->`)).toBe(true);
    expect(markdown.indexOf('### Walkthrough')).toBeLessThan(markdown.indexOf('## ✅ Passed'));
  });

  it('is one line when it failed, and the rest of the summary is as without it', () => {
    const without = renderSummary(base, { marker: true, maxLength: 65_536 });
    const failed = renderSummary({ ...base, walkthrough: { kind: 'failed', message: 'No walkthrough: the completion request failed (overloaded).' } }, { marker: true, maxLength: 65_536 });
    expect(failed).toBe(without.replace(`${SUMMARY_MARKER}\n\n`, `${SUMMARY_MARKER}\n\n_No walkthrough: the completion request failed (overloaded)._\n\n`));
  });
});
