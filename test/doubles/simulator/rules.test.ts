import { describe, expect, it } from 'vitest';
import type { FocusArea, ReviewLanguage } from '../../../src/domain/vocabulary';
import { qualityScore, REVIEW_RULES, reviewCode } from './index';
import { harness, review } from './helpers';

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const SAMPLES: Record<ReviewLanguage, string> = {
  python: lines(
    'import os', // 1
    'import requests', // 2
    '', // 3
    'password = "hunter2"', // 4
    '', // 5
    'def load(path):', // 6
    '    try:', // 7
    '        return eval(open(path).read())', // 8
    '    except:', // 9
    '        return None', // 10
    '', // 11
    '# TODO: cache results', // 12
    'resp = requests.get(url, verify=False)', // 13
    'rows = db.execute("SELECT * FROM users")', // 14
    'model.eval()', // 15
  ),
  javascript: lines(
    "const API_KEY = 'sk_live_abcdef123456';", // 1
    'function check(a, b) {', // 2
    '  if (a == b) {', // 3
    "    console.log('same');", // 4
    '  }', // 5
    '  debugger;', // 6
    '  return a !== b && a != null;', // 7
    '}', // 8
    'const agent = new https.Agent({ rejectUnauthorized: false });', // 9
  ),
  typescript: lines(
    'export function parse(input: any): unknown {', // 1
    '  const value = eval(input);', // 2
    '  // FIXME: validate', // 3
    '  return value as any;', // 4
    '}', // 5
    `export const banner = '${'='.repeat(110)}';`, // 6: 135 characters
    'const ok = (a: number, b: number) => a === b;', // 7
  ),
  go: lines(
    'package main', // 1
    '', // 2
    'import "crypto/tls"', // 3
    '', // 4
    'func main() {', // 5
    '\tcfg := &tls.Config{InsecureSkipVerify: true}', // 6
    '\tif cfg == nil {', // 7
    '\t\tpanic("no config")', // 8
    '\t}', // 9
    '\ttoken := "ghp_abcdefghijklmnop"', // 10
    '}', // 11
  ),
  rust: lines(
    'fn main() {', // 1
    '    let file = std::fs::read_to_string("a.txt").unwrap();', // 2
    '    let n: i32 = file.trim().parse().unwrap();', // 3
    '    unsafe {', // 4
    '        do_it(n);', // 5
    '    }', // 6
    '    let aws = "AKIAABCDEFGHIJKLMNOP";', // 7
    '}', // 8
  ),
};

const found = (language: ReviewLanguage, focusAreas: FocusArea[] = []) =>
  reviewCode({ code: SAMPLES[language], language, focusAreas });
const lineAndSeverity = (language: ReviewLanguage) =>
  found(language).issues.map((issue) => [issue.line, issue.severity]);

describe('review rules on sample files', () => {
  it('finds the secret, eval, bare except, TODO, disabled TLS and SELECT * in Python', () => {
    expect(lineAndSeverity('python')).toEqual([
      [4, 'error'],
      [8, 'error'],
      [9, 'warning'],
      [12, 'info'],
      [13, 'error'],
      [14, 'info'],
    ]);
    const result = found('python');
    expect(result.issues[2]?.suggestion).toBe('    except Exception:');
    expect(result.issues[4]?.suggestion).toBe('resp = requests.get(url, verify=True)');
    expect(result.quality_score).toBe(100 - 3 * 15 - 5 - 2);
    expect(result.summary).toBe('Reviewed 15 lines of python: 3 errors, 1 warning, 2 infos.');
    expect(result.security_flags).toEqual([
      { type: 'hardcoded-secret', line: 4, severity: 'error', message: expect.any(String), cwe: 'CWE-798' },
      { type: 'no-eval', line: 8, severity: 'error', message: expect.any(String), cwe: 'CWE-95' },
      { type: 'tls-verification-disabled', line: 13, severity: 'error', message: expect.any(String), cwe: 'CWE-295' },
    ]);
  });

  it('finds the secret, loose equality, console.log, debugger and disabled TLS in JavaScript', () => {
    expect(lineAndSeverity('javascript')).toEqual([
      [1, 'error'],
      [3, 'warning'],
      [4, 'warning'],
      [6, 'warning'],
      [7, 'warning'],
      [9, 'error'],
    ]);
    const issues = found('javascript').issues;
    expect(issues[1]?.suggestion).toBe('  if (a === b) {');
    expect(issues[4]?.suggestion).toBe('  return a !== b && a !== null;');
    expect(issues[4]?.message).toMatch(/== null also matches undefined/);
    expect(issues[5]?.suggestion).toBe('const agent = new https.Agent({ rejectUnauthorized: true });');
    expect(found('javascript').quality_score).toBe(100 - 2 * 15 - 4 * 5);
  });

  it('finds any, eval, FIXME and the long line in TypeScript, and leaves === alone', () => {
    expect(lineAndSeverity('typescript')).toEqual([
      [1, 'info'],
      [2, 'error'],
      [3, 'info'],
      [4, 'info'],
      [6, 'info'],
    ]);
    expect(found('typescript').issues[4]?.message).toBe('Line is 135 characters long (limit 120).');
    expect(found('typescript').quality_score).toBe(100 - 15 - 4);
  });

  it('finds disabled TLS, panic and the token in Go, and ignores Go == comparisons', () => {
    expect(lineAndSeverity('go')).toEqual([
      [6, 'error'],
      [8, 'warning'],
      [10, 'error'],
    ]);
    expect(found('go').issues[0]?.suggestion).toBe('\tcfg := &tls.Config{InsecureSkipVerify: false}');
    expect(found('go').quality_score).toBe(65);
  });

  it('finds unwrap, unsafe and an AWS access key in Rust', () => {
    expect(lineAndSeverity('rust')).toEqual([
      [2, 'warning'],
      [3, 'warning'],
      [4, 'warning'],
      [7, 'error'],
    ]);
    expect(found('rust').issues[0]?.suggestion).toBe(
      '    let file = std::fs::read_to_string("a.txt").expect("explain why this cannot fail");',
    );
    expect(found('rust').quality_score).toBe(70);
  });

  it('runs only the rules of the submitted language', () => {
    const result = reviewCode({ code: SAMPLES.rust, language: 'python', focusAreas: [] });
    expect(result.issues.map((i) => i.line)).toEqual([7]);
  });
});

describe('quality score', () => {
  it('is 100 for clean code and drops by 15 per error, 5 per warning and 1 per info', () => {
    const clean = ['def add(a, b):', '    return a + b'];
    expect(reviewCode({ code: lines(...clean), language: 'python', focusAreas: [] })).toMatchObject({
      quality_score: 100,
      issues: [],
      security_flags: [],
      suggestions: [],
      summary: 'Reviewed 2 lines of python: no issues found.',
    });
    const worse = reviewCode({
      code: lines(...clean, 'x = eval(y)', '# TODO'),
      language: 'python',
      focusAreas: [],
    });
    expect(worse.quality_score).toBe(84);
    expect(qualityScore([{ severity: 'warning' }, { severity: 'info' }])).toBe(94);
  });

  it('never goes below 0', () => {
    const code = lines(...Array.from({ length: 10 }, () => 'eval(x)'));
    expect(reviewCode({ code, language: 'javascript', focusAreas: [] }).quality_score).toBe(0);
  });
});

describe('focus areas', () => {
  it('fires only the rules of the requested areas', () => {
    const lineNumbers = (areas: FocusArea[]) => found('python', areas).issues.map((i) => i.line);
    expect(lineNumbers(['security'])).toEqual([4, 8, 13]);
    expect(lineNumbers(['readability'])).toEqual([12]);
    expect(lineNumbers(['performance'])).toEqual([14]);
    expect(lineNumbers(['best_practices'])).toEqual([9]);
    expect(lineNumbers(['security', 'performance'])).toEqual([4, 8, 13, 14]);
    expect(lineNumbers([])).toEqual([4, 8, 9, 12, 13, 14]);
  });

  it('finds mem::transmute in Rust, an error about security, with or without a turbofish', () => {
    const code = 'let a: u32 = unsafe { std::mem::transmute(f) };\nlet b = unsafe { transmute::<f32, u32>(f) };\n';
    const result = reviewCode({ code, language: 'rust', focusAreas: ['security'] });
    expect(result.issues.filter((i) => i.severity === 'error').map((i) => [i.line, i.message])).toEqual([
      [1, 'mem::transmute reinterprets the bits of a value: undefined behaviour when the types do not match.'],
      [2, 'mem::transmute reinterprets the bits of a value: undefined behaviour when the types do not match.'],
    ]);
    expect(result.security_flags.filter((f) => f.cwe !== undefined).map((f) => [f.line, f.cwe])).toEqual([[1, 'CWE-843'], [2, 'CWE-843']]);
  });

  it('assigns every rule to exactly one documented area', () => {
    for (const rule of REVIEW_RULES) {
      expect(['security', 'performance', 'readability', 'best_practices']).toContain(rule.focus);
    }
    expect(new Set(REVIEW_RULES.map((r) => r.id)).size).toBe(REVIEW_RULES.length);
  });
});

describe('POST /v1/agent/review', () => {
  it('answers the rules review of the code, reviewing Python when no language is given', async () => {
    const { sim } = await harness();
    const answer = await review(sim, { code: SAMPLES.python });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(found('python'));
    expect(Object.keys(answer.json).sort()).toEqual(
      ['issues', 'latency_ms', 'model', 'quality_score', 'security_flags', 'suggestions', 'summary', 'usage'].sort(),
    );
    expect(answer.json.model).toBe('service-1');
    expect(answer.json.usage).toEqual({ total_tokens: Math.ceil(SAMPLES.python.length / 4) + 50 });
    expect(answer.json.latency_ms).toBe(80 + 2 * 15);
  });

  it('honours focus_areas sent on the wire', async () => {
    const { sim } = await harness();
    const answer = await review(sim, { code: SAMPLES.go, language: 'go', focus_areas: ['best_practices'] });
    expect(answer.json.issues?.map((i) => i.line)).toEqual([8]);
    expect(answer.json.security_flags).toEqual([]);
  });

  it('treats a null focus_areas and language like absent ones', async () => {
    const { sim } = await harness();
    const answer = await review(sim, { code: SAMPLES.python, language: null, focus_areas: null });
    expect(answer.json.issues).toHaveLength(6);
  });
});
