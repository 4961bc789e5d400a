/**
 * `npm run demo`: the main job on an embedded default, with no keys and no network. It runs the
 * bundled dist/index.js as the Actions runner would, against the local service simulator and a
 * fake GitHub serving the pull request in fixtures/demo/, prints what the action logged (the
 * line-anchored findings and the verdict) and exits with the action's exit status.
 */
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, loadFixture, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import { renderWorkflowCommands } from './workflow-commands';

const fixture = await loadFixture();
const simulator = await startSimulator();
const github = await startFixtureGitHub(fixture);
try {
  console.log(`review-gate demo: ${fixture.owner}/${fixture.repo}#${fixture.number} "${fixture.title}"`);
  console.log(`service simulator ${simulator.url} · fake GitHub ${github.url}\n`);
  const run = await runBundledAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
    githubApiUrl: github.url,
    fixture,
  });
  process.stdout.write(renderWorkflowCommands(run.stdout));
  if (run.stderr.trim() !== '') process.stderr.write(run.stderr);

  console.log('\nStep outputs:');
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`);
  console.log(
    `\nPosted to the fake pull request: ${github.reviews.length} review, ${github.reviewComments.length} inline comments, ` +
      `${github.issueComments.length} summary comment; ${simulator.requests.length} review requests.`,
  );
  console.log(`Exit status ${run.exitCode} (${run.exitCode === 0 ? 'the check passes' : 'the check fails'}).`);
  process.exitCode = run.exitCode;
} finally {
  await github.close();
  await simulator.close();
}
