/**
 * One line for any error, as a user reads it. An error that explains itself (the service's
 * answer, with its context) is shown as it is; any other is named by its class, so an unexpected
 * failure is never mistaken for a verdict.
 */

/** An error whose message stands on its own for a user: `describeError` shows it without its class name. */
export abstract class ExplainedError extends Error {}

/**
 * An error that stops the run and is the whole story of the stop: what the run was given (the
 * event, the pull request, its head, the policy file, the settings) refused, in words that say
 * what to do. A stop shows its message as it is; any other error that ends a run is shown after
 * "could not complete", so a failure of review-gate itself is never mistaken for a refusal.
 */
export abstract class StopError extends ExplainedError {}

/** One line for any error, as both entries show it: the action's log and the terminal. */
export function describeError(error: unknown): string {
  // A plain Error (node's system errors: `ENOENT: no such file or directory, open 'x'`) has no class to name.
  if (error instanceof ExplainedError || (error instanceof Error && error.name === 'Error')) return error.message;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
