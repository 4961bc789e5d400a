/**
 * End to end, `review-gate` (in-process): exit status 3 ("could not run") only when nothing the run
 * could judge failed. A file not reviewed for a reason about the code (too large, past
 * max-files) keeps its own cause whatever else happened to the run: an outage, the daily limit
 * or a rejected key on other files never turns that file's failure into "could not run", which a
 * pre-push hook or a GitLab job may let through.
 */
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import { useCli } from './in-process';

const cli = useCli();
const { reviewGate } = cli;

/** A change of three files: one over 200 bytes that adds an eval, two small clean ones. */
function changeWithALargeFile(): void {
  cli.repo.write('README.md', '# demo\n');
  cli.repo.commit('base');
  cli.repo.write('big.py', `${'# padding line to pass the size limit\n'.repeat(8)}def run(rule):\n    return eval(rule)\n`);
  cli.repo.write('small_a.py', 'def add(a, b):\n    return a + b  # small a\n');
  cli.repo.write('small_b.py', 'def sub(a, b):\n    return a - b  # small b\n');
}

/** The "Not reviewed" lines of the text report: path → its own reason. */
function notReviewed(out: string): Map<string, string> {
  const lines = out.split('\n');
  const start = lines.findIndex((line) => /^Not reviewed \(\d+\):$/.test(line));
  const listed = new Map<string, string>();
  if (start < 0) return listed;
  for (const line of lines.slice(start + 1)) {
    const match = /^ {2}(\S+): (.*)$/.exec(line);
    if (match === null) break;
    listed.set(match[1] ?? '', match[2] ?? '');
  }
  return listed;
}

describe('a file not reviewed for a reason about the code exits 1, whatever stopped the others', () => {
  it('one outage (503) on another file: 1, and each file keeps its own reason', async () => {
    changeWithALargeFile();
    cli.simulator.inject({ kind: 'overloaded', retryAfter: 0, path: '/v1/agent/review', bodyContains: '# small b', times: 10 });
    const run = await reviewGate(['--max-file-size', '200', '--max-retries', '0']);
    expect(run.code).toBe(EXIT.failed);
    const listed = notReviewed(run.out);
    expect(listed.get('big.py')).toMatch(/more than max-file-size \(200 bytes\)/);
    expect(listed.get('small_b.py')).toMatch(/overloaded/);
    expect(listed.has('small_a.py')).toBe(false);
    expect(run.out).toMatch(/^review-gate failed: .*big\.py \(not reviewed: the file has \d+ bytes/m);
    expect(run.out).not.toContain('review-gate could not run');
  });

  it('the daily limit reached on the files in reach of max-files: 1 for the file past it', async () => {
    changeWithALargeFile();
    cli.simulator.inject({ kind: 'daily_limit', path: '/v1/agent/review', times: 10 });
    const run = await reviewGate(['--max-files', '2']);
    expect(run.code).toBe(EXIT.failed);
    const listed = notReviewed(run.out);
    expect([...listed.values()].filter((reason) => /max-files/.test(reason))).toHaveLength(1);
    expect([...listed.values()].filter((reason) => /daily limit/.test(reason))).toHaveLength(2);
  });

  it('a rejected key: 1 when a file was already not reviewed for its size, with the key named too', async () => {
    changeWithALargeFile();
    const run = await reviewGate(['--max-file-size', '200'], { REVIEW_GATE_API_KEY: 'svc_live_not_a_key_the_service_knows_0000' });
    expect(run.code).toBe(EXIT.failed);
    expect(notReviewed(run.out).get('big.py')).toMatch(/more than max-file-size/);
    expect(run.out).toMatch(/^review-gate failed: .*rejected the API key.*big\.py/m);
  });
});

describe('exit status 3 stays for a run that could judge nothing', () => {
  it('an outage on every file, and nothing else wrong: 3, saying the service could not run', async () => {
    changeWithALargeFile();
    cli.simulator.inject({ kind: 'overloaded', retryAfter: 0, path: '/v1/agent/review', times: 10 });
    const run = await reviewGate(['--max-retries', '0']);
    expect(run.code).toBe(EXIT.couldNotRun);
    expect(run.out).toContain('review-gate could not run:');
  });
});
