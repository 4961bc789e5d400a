/**
 * One line for any error, as a user reads it. An error that explains itself (the service's
 * answer, with its context) is shown as it is; any other is named by its class, so an unexpected
 * failure is never mistaken for a verdict.
 */

/** An error whose message stands on its own for a user: `describeError` shows it without its class name. */
export abstract class ExplainedError extends Error {}

export function describeError(error: unknown): string {
  if (error instanceof ExplainedError) return error.message;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
