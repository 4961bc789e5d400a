// A naive review action, for comparison only (npm run bench times the bundle's start-up against
// it, in the same run): the fewest steps a pull-request review takes — read the inputs and the
// event, list the changed files, read each at the head, send each to the review service — with
// Node's own fetch, no dependency, no check, no cache, nothing posted, no error handling.
import { readFileSync } from 'node:fs';

const input = (name) => process.env[`INPUT_${name.toUpperCase()}`] ?? '';
const event = JSON.parse(readFileSync(process.env.GITHUB_EVENT_PATH ?? '', 'utf8'));
const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '/').split('/');
const api = `${process.env.GITHUB_API_URL}/repos/${owner}/${repo}`;
const github = { authorization: `Bearer ${input('github-token')}`, accept: 'application/vnd.github+json' };
const LANGUAGES = { py: 'python', js: 'javascript', ts: 'typescript', go: 'go', rs: 'rust' };

const listed = await fetch(`${api}/pulls/${event.pull_request.number}/files?per_page=100`, { headers: github });
const files = await listed.json();
let errors = 0;
await Promise.all(
  files.map(async (file) => {
    const language = LANGUAGES[file.filename.split('.').pop()];
    if (file.status === 'removed' || language === undefined) return;
    const blob = await (await fetch(`${api}/git/blobs/${file.sha}`, { headers: github })).json();
    const code = Buffer.from(blob.content, 'base64').toString('utf8');
    const answer = await fetch(`${input('api-url')}/v1/agent/review`, {
      method: 'POST',
      headers: { authorization: `Bearer ${input('api-key')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code, language }),
    });
    const review = await answer.json();
    for (const issue of review.issues ?? []) {
      console.log(`${file.filename}:${issue.line} ${issue.severity} ${issue.message}`);
      if (issue.severity === 'error') errors += 1;
    }
  }),
);
process.exitCode = errors > 0 ? 1 : 0;
