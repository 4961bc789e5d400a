/**
 * End to end (issue 15 round 2b), through the action and the bundled dist/cli/index.js: a name
 * the pull request chooses (`*.generated.*`, `vendor/`, `*.min.js`, …) cannot keep code from
 * review: only an `exclude` the user set skips it.
 */
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import { useAction } from './harness';
import { added } from '../support/fixture-files';
import { pullRequestRuns, reviewBodies, EVAL_PY, EVAL_JS, CLEAN_PY } from './pull-request-runs';

const harness = useAction({ bundles: ['dist/cli/index.js'] });
const { runOn, reviewInTerminal } = pullRequestRuns(harness);

describe('a name the pull request chooses cannot keep code from review', () => {
  const DEFAULT_EXCLUDED: Array<[string, string, string]> = [
    ['src/app.generated.py', '**/*.generated.*', EVAL_PY],
    ['src/vendor/util.py', '**/vendor/**', EVAL_PY],
    ['lib/helpers.min.js', '**/*.min.js', EVAL_JS],
    ['web/app.bundle.js', '**/*.bundle.js', EVAL_JS],
    ['api/service_pb2.py', '**/*_pb2.py', EVAL_PY],
    ['dist/cli.js', 'dist/**', EVAL_JS],
    ['tools/node_modules/x/index.js', '**/node_modules/**', EVAL_JS],
    ['cmd/api.pb.go', '**/*.pb.go', 'package api\n'],
  ];
  // One pull request holds them all, beside one clean file: one run, asked about file by file.
  let shared: ReturnType<typeof runOn> | undefined;
  const excludedRun = () => (shared ??= runOn([...DEFAULT_EXCLUDED.map(([path, , content]) => added(path, content)), added('src/ok.py', CLEAN_PY)]));

  it('reviews none of the files only the default exclude list matches, and fails the check as incomplete', async () => {
    const run = await excludedRun();

    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '1', 'files-failed': String(DEFAULT_EXCLUDED.length), 'files-skipped': '0' });
    expect(reviewBodies(run.simulator).map((b) => b.code)).toEqual([CLEAN_PY]);
    expect(run.outputs.reasons).toContain(`${DEFAULT_EXCLUDED.length} files could not be reviewed: src/app.generated.py (not reviewed: matched by default exclude`);
  });

  it.each(DEFAULT_EXCLUDED)('does not review %s, matched only by the default exclude %s, and fails the check naming the pattern and the remedy', async (path, pattern) => {
    const run = await excludedRun();

    const line = run.stdout.split('\n').find((l) => l.startsWith(`✗ ${path}: `)) ?? '';
    expect(line).toContain(`not reviewed: matched by default exclude '${pattern}'`);
    expect(line).toContain('list it in exclude to skip such files on purpose');
    // The reasons name five files and count the rest; the job summary lists every one.
    expect(run.stepSummary).toContain(path);
  });

  it('still skips a file matched by an exclude the user set, with that pattern, and passes', async () => {
    const run = await runOn([added('src/app.generated.py', EVAL_PY), added('src/ok.py', CLEAN_PY)], { inputs: { exclude: '**/*.generated.*' } });

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '1', 'files-skipped': '1', 'files-failed': '0' });
    expect(run.stdout).toContain("– src/app.generated.py: skipped, matched by exclude '**/*.generated.*'");
  });

  it('leaves lock files and other files in no supported language skipped, as before', async () => {
    const run = await runOn([added('Cargo.lock', '# lock\n'), added('web/package-lock.json', '{}\n'), added('go.sum', 'x v1 h1:y\n'), added('src/ok.py', CLEAN_PY)]);

    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ result: 'passed', 'files-reviewed': '1', 'files-skipped': '3', 'files-failed': '0' });
  });

  it('in the terminal too: a generated-looking name with eval() fails the gate instead of passing it', async () => {
    const { result } = await reviewInTerminal({ 'src/app.generated.py': EVAL_PY });

    expect(result.code).toBe(EXIT.failed);
    expect(result.out).toContain("matched by default exclude '**/*.generated.*'");
  });
});
