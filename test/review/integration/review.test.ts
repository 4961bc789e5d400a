import { describe, expect, it } from 'vitest';
import type { ReviewIssue } from '../../../src/domain/review-answer';
import type { ReviewLanguage } from '../../../src/domain/vocabulary';
import { setup } from './helpers';

/** The reference's score as the simulator documents it: 100 − 15·errors − 5·warnings − 1·infos, at least 0. */
function documentedScore(issues: readonly Pick<ReviewIssue, 'severity'>[]): number {
  const weight = { error: 15, warning: 5, info: 1 } as const;
  return Math.max(0, 100 - issues.reduce((sum, issue) => sum + weight[issue.severity], 0));
}

interface Sample {
  language: ReviewLanguage;
  code: string;
  /** `[severity, line]` of every expected finding, in line order. */
  findings: Array<[ReviewIssue['severity'], number]>;
  score: number;
}

const SAMPLES: Sample[] = [
  {
    language: 'python',
    code: ['import os', '', 'result = eval(user_input)', 'try:', '    run()', 'except:', '    pass', '# TODO: drop this', ''].join('\n'),
    findings: [
      ['error', 3],
      ['warning', 6],
      ['info', 8],
    ],
    score: 79,
  },
  {
    language: 'javascript',
    code: ['function check(a, b) {', '  console.log(a);', '  if (a == b) {', '    debugger;', '  }', '  return eval(b);', '}', ''].join('\n'),
    findings: [
      ['warning', 2],
      ['warning', 3],
      ['warning', 4],
      ['error', 6],
    ],
    score: 70,
  },
  {
    language: 'typescript',
    code: ['export function parse(input: any): number {', '  const options = { rejectUnauthorized: false };', '  return Number(input);', '}', ''].join('\n'),
    findings: [
      ['info', 1],
      ['error', 2],
    ],
    score: 84,
  },
  {
    language: 'go',
    code: ['package main', '', 'func main() {', '\tcfg := &tls.Config{InsecureSkipVerify: true}', '\tif cfg == nil {', '\t\tpanic("no config")', '\t}', '}', ''].join('\n'),
    findings: [
      ['error', 4],
      ['warning', 6],
    ],
    score: 80,
  },
  {
    language: 'rust',
    code: ['fn main() {', '    let home = std::env::var("HOME").unwrap();', '    unsafe {', '        println!("{}", home);', '    }', '}', ''].join('\n'),
    findings: [
      ['warning', 2],
      ['warning', 3],
    ],
    score: 90,
  },
];

describe('a real review through the client', () => {
  it.each(SAMPLES)('reviews a small $language sample with findings on the right lines and the documented score', async (sample) => {
    const { sim, client } = await setup();
    const result = await client().review({ code: sample.code, language: sample.language });
    expect(result.issues.map((issue) => [issue.severity, issue.line])).toEqual(sample.findings);
    expect(result.quality_score).toBe(sample.score);
    expect(result.quality_score).toBe(documentedScore(result.issues));
    for (const issue of result.issues) {
      expect(issue.message).toMatch(/\S/);
      expect(issue.suggestion).toMatch(/\S/);
      expect(issue.reportedSeverity).toBeUndefined();
    }
    expect(result.summary).toContain(sample.language);
    expect(result.suggestions.length).toBeGreaterThan(0);
    expect(result.usage.total_tokens).toBeGreaterThan(0);
    expect(result.requestId).toBe(sim.requests[0]!.requestId);
  });

  it('flags python eval( on line 3 as an error at line 3, and as a security flag', async () => {
    const { client } = await setup();
    const result = await client().review({ code: 'import sys\n\nvalue = eval(sys.argv[1])\n', language: 'python' });
    expect(result.issues).toEqual([
      { severity: 'error', line: 3, message: expect.stringContaining('eval()'), suggestion: expect.stringContaining('ast.literal_eval') },
    ]);
    expect(result.security_flags).toEqual([expect.objectContaining({ line: 3, severity: 'error' })]);
    expect(result.quality_score).toBe(85);
  });

  it('reviews as python when no language is given', async () => {
    const { client } = await setup();
    const result = await client().review({ code: 'try:\n    pass\nexcept:\n    pass\n' });
    expect(result.issues.map((issue) => [issue.severity, issue.line])).toEqual([['warning', 3]]);
    expect(result.issues[0]!.suggestion).toBe('except Exception:');
  });

  it('suggests the whole replacement line, indentation kept, where a rule can rewrite it', async () => {
    const { client } = await setup();
    const result = await client().review({ code: SAMPLES[2]!.code, language: 'typescript' });
    expect(result.issues[1]!.suggestion).toBe('  const options = { rejectUnauthorized: true };');
  });

  it('gives clean code no issues and a score of 100', async () => {
    const { client } = await setup();
    const result = await client().review({ code: 'fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n', language: 'rust' });
    expect(result).toMatchObject({ issues: [], security_flags: [], quality_score: 100 });
  });

  it('floors the score at 0 when the penalties exceed 100', async () => {
    const { client } = await setup();
    const result = await client().review({ code: 'x = eval(a)\n'.repeat(8), language: 'python' });
    expect(result.issues).toHaveLength(8);
    expect(result.quality_score).toBe(0);
  });

  it('runs only the rules of the requested focus areas', async () => {
    const { client } = await setup();
    const code = SAMPLES[1]!.code;
    const security = await client().review({ code, language: 'javascript', focus_areas: ['security'] });
    expect(security.issues.map((issue) => [issue.severity, issue.line])).toEqual([['error', 6]]);
    expect(security.quality_score).toBe(85);
  });
});
