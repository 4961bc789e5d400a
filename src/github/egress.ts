/**
 * The last line of defence for what is sent to GitHub: every parameter of every request (review
 * and comment bodies, paths, titles) has the run's secrets redacted before it leaves, whatever
 * module built it. Only the routing options are left alone — the Authorization header among
 * them carries the token on purpose.
 */
import type { GitHubClient } from './octokit';
import type { Redactor } from '../safety/redact';

const ROUTING = new Set(['method', 'url', 'baseUrl', 'headers', 'request', 'mediaType']);

export function redactGitHubRequests(octokit: GitHubClient, redactor: Redactor): void {
  octokit.hook.before('request', (options) => {
    const parameters = options as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(parameters)) {
      if (!ROUTING.has(name)) parameters[name] = redactor.deep(value);
    }
  });
}
