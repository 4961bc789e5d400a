/**
 * `npm run demo [-- --out DIR]`: the main job on an embedded default, with no keys and no
 * network. It runs the bundled dist/index.js as the Actions runner would, against the local
 * service simulator and a fake GitHub serving the pull request in fixtures/demo/ (with its
 * injected-file.json, whose comment talks the gullible simulator into "no issues": injection-check
 * catches it), and shows what
 * a user would see: the pull request's files as GitHub lists them, the step's log with each
 * finding once, the step outputs, and the summary comment as the pull request shows it. The summary comment, the job summary and the inline
 * comments are written as markdown to DIR (default .tmp/demo/), whose paths it prints. Colour on
 * a terminal; NO_COLOR=1 turns it off. Exits with the action's exit status.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SUMMARY_MARKER } from '../src/domain/markers';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, ROOT, loadDemoWithInjection, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { PullRequestFixture } from '../test/doubles/run-action';
import { renderMarkdown } from './terminal-markdown';
import { colourWanted, terminalStyle } from './terminal-style';
import type { Style } from './terminal-style';
import { renderWorkflowCommands } from './workflow-commands';

export interface DemoOptions {
  /** Where the markdown files go. */
  outDir: string;
  /** Whether to colour: the terminal's NO_COLOR and FORCE_COLOR, and whether stdout is a terminal. */
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  /** Each line of what the demo shows (stdout), and the action's own stderr, if any. */
  log: (line: string) => void;
  error: (text: string) => void;
}

/**
 * One line per file, as GitHub's "Files changed" lists them: status, name (`old → new` for a
 * rename), and lines added and removed, or `binary` for a file GitHub shows no diff of.
 */
function changedFiles(pull: PullRequestFixture, style: Style): string {
  const names = pull.files.map((f) => (f.previous_filename === undefined ? f.filename : `${f.previous_filename} → ${f.filename}`));
  const width = Math.max(...names.map((n) => n.length));
  return pull.files
    .map((f, i) => {
      const lines = f.patch === undefined && f.contentBase64 !== undefined ? 'binary' : `+${f.additions ?? 0} −${f.deletions ?? 0}`;
      return `  ${f.status.padEnd(8)}  ${(names[i] ?? '').padEnd(width)}  ${style.dim(lines)}`;
    })
    .join('\n');
}

/** The demo: what it shows goes to `log`; the action's exit status. */
export async function runDemo({ outDir, env, isTTY, log, error }: DemoOptions): Promise<number> {
  const style = terminalStyle(colourWanted(env, isTTY));
  const section = (title: string): string => `\n${style.bold(`── ${title} `)}${style.dim('─'.repeat(Math.max(3, 72 - title.length)))}`;
  const shown = (path: string): string => {
    const near = relative(process.cwd(), path);
    return near.startsWith('..') || isAbsolute(near) ? path : near;
  };
  // The demo pull request adds a file whose comment tells the reviewer it was audited, and the
  // simulator is gullible, as an LLM judge can be: injection-check catches the eval beside it.
  const fixture = await loadDemoWithInjection();
  const simulator = await startSimulator({ gullible: true });
  const github = await startFixtureGitHub(fixture);
  try {
    log(style.bold(`review-gate demo: ${fixture.owner}/${fixture.repo}#${fixture.number} “${fixture.title}”`));
    log(style.dim(`dist/index.js run as the Actions runner runs it · service simulator ${simulator.url} · fake GitHub ${github.url}`));
    log(section(`The pull request: ${fixture.files.length} changed files`));
    log(changedFiles(fixture, style));

    const run = await runBundledAction({
      nodeFlags: [],
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
      githubApiUrl: github.url,
      fixture,
    });

    log(section('The step’s log'));
    const stepLog = renderWorkflowCommands(run.stdout, style);
    log(stepLog.text);
    if (stepLog.annotationsFolded > 0) {
      log(style.dim(`(${stepLog.annotationsFolded} of these findings are also annotations, which GitHub shows beside their lines in “Files changed”.)`));
    }
    if (run.stderr.trim() !== '') error(run.stderr);

    log(section('Step outputs'));
    const names = Object.keys(run.outputs);
    const pad = Math.max(...names.map((n) => n.length));
    for (const [name, value] of Object.entries(run.outputs)) log(`  ${name.padEnd(pad)}  ${value.replace(/\n/g, `\n  ${' '.repeat(pad)}  `)}`);

    const comment = github.issueComments.find((c) => c.body.includes(SUMMARY_MARKER));
    log(section('The summary comment, as the pull request shows it'));
    log(comment === undefined ? style.dim('No summary comment was posted.') : renderMarkdown(comment.body, style));

    await mkdir(outDir, { recursive: true });
    const files = {
      comment: join(outDir, 'summary-comment.md'),
      jobSummary: join(outDir, 'job-summary.md'),
      inline: join(outDir, 'inline-comments.md'),
    };
    await writeFile(files.comment, comment?.body ?? '');
    await writeFile(files.jobSummary, run.stepSummary);
    await writeFile(files.inline, github.reviewComments.map((c) => `### ${c.path}:${c.line}\n\n${c.body}\n`).join('\n'));
    const sameReport = comment !== undefined && run.stepSummary.trim() === comment.body.replace(SUMMARY_MARKER, '').trim();

    log(section('What the pull request and the job got, as markdown'));
    log(`  summary comment   ${shown(files.comment)}`);
    log(`  job summary       ${shown(files.jobSummary)}${sameReport ? style.dim('  (the same report, without the comment’s hidden marker)') : ''}`);
    log(`  inline comments   ${shown(files.inline)}  ${style.dim(`(${github.reviewComments.length} in ${github.reviews.length} review)`)}`);
    log(style.dim(`  ${simulator.requests.length} requests to the review service, ${github.requests.length} to GitHub.`));

    const verdict = run.exitCode === 0 ? style.green('the check passes') : style.red('the check fails');
    log(`\nExit status ${run.exitCode}: ${verdict}.`);
    return run.exitCode;
  } finally {
    await github.close();
    await simulator.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  process.exitCode = await runDemo({
    outDir: resolve(outAt === -1 ? join(ROOT, '.tmp/demo') : (args[outAt + 1] ?? '.')),
    env: process.env,
    isTTY: process.stdout.isTTY === true,
    log: (line) => console.log(line),
    error: (text) => process.stderr.write(text),
  });
}
