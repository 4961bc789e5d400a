/**
 * End to end, the action on extensionless scripts: the `#!` line's interpreter is
 * read with whatever version or build its name carries (`python3.13t`, `python3-dbg`, `node22`),
 * and no list of interpreters is complete. So a script whose interpreter the action knows to be
 * of another language (a shell, Ruby) is skipped; one whose interpreter it does not know at all
 * counts as not reviewed, naming that interpreter: it is never skipped as if it were known.
 */
import { describe, expect, it } from 'vitest';
import type { PullRequestFixture } from '../doubles/run-action';
import { added } from '../support/fixture-files';
import { useAction } from './harness';

const { demo, servers, runAgainst } = useAction();

const EVAL_PY = 'import sys\neval(sys.argv[1])\n';

/** Scripts whose interpreter names Python in a build or version the short list never spelt out. */
const PYTHON_BUILDS: Array<[string, string]> = [
  ['bin/free-threaded', '#!/usr/bin/env python3.13t'],
  ['bin/debug-build', '#!/usr/bin/python3-dbg'],
  ['bin/debug-abi', '#!/usr/local/bin/python3.12d -u'],
];
/** Interpreters no list of review-gate's names: each must count against the pull request. */
const UNKNOWN: Array<[string, string, string]> = [
  ['bin/frob', '#!/usr/bin/env frobnicate --fast', 'frobnicate'],
  ['bin/nix-tool', '#!/usr/bin/env nix-shell', 'nix-shell'],
  ['bin/wrapped', '#!/opt/acme/bin/acme-run', '/opt/acme/bin/acme-run'],
];
/** Interpreters of languages the service does not review, versioned or not: skipped. */
const OTHER: Array<[string, string, string]> = [
  ['bin/deploy', '#!/bin/sh', '/bin/sh'],
  ['bin/rake-task', '#!/usr/bin/env ruby3.2', 'ruby3.2'],
];

describe('an extensionless script by the interpreter its #! line names', () => {
  it('reviews Python of any build, skips other languages, and counts an unknown interpreter as not reviewed', async () => {
    const files = [
      ...PYTHON_BUILDS.map(([path, line]) => added(path, `${line}\n${EVAL_PY}`)),
      ...UNKNOWN.map(([path, line]) => added(path, `${line}\n${EVAL_PY}`)),
      ...OTHER.map(([path, line]) => added(path, `${line}\necho "$1"\n`)),
    ];
    const fixture: PullRequestFixture = { ...demo, files };
    const { simulator, github } = await servers({ fixture });

    // One review a file: injection-check's blanked second reviews are its own tests'.
    const result = await runAgainst(simulator, github, fixture, { 'injection-check': 'off' });

    const sent = simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => JSON.parse(r.body ?? '{}') as { code: string; language: string });
    expect(sent.map((b) => b.language)).toEqual(PYTHON_BUILDS.map(() => 'python'));
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({
      result: 'failed',
      'files-reviewed': String(PYTHON_BUILDS.length),
      'files-failed': String(UNKNOWN.length),
      'files-skipped': String(OTHER.length),
    });
    for (const [path] of PYTHON_BUILDS) expect(github.reviewComments.map((c) => c.path)).toContain(path);
    for (const [path, , interpreter] of UNKNOWN) {
      const line = result.stdout.split('\n').find((l) => l.includes(`✗ ${path}: `)) ?? '';
      expect(line).toContain(`not reviewed: its #! line names ${interpreter}, an interpreter review-gate does not know`);
      expect(result.stepSummary).toContain(path);
    }
    for (const [path, , interpreter] of OTHER) {
      expect(result.stdout).toContain(`– ${path}: skipped, language not supported by the review service (no extension, and its #! line names ${interpreter})`);
    }
  });
});
