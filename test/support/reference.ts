/** Facts of the service reference that tests check against, written out rather than imported from src. */

/** The reference's error table: code → documented HTTP status. */
export const DOCUMENTED_STATUS: Readonly<Record<string, number>> = {
  authentication_failed: 401,
  insufficient_scope: 403,
  invalid_request: 400,
  missing_code: 400,
  missing_prompt: 400,
  rate_limit_exceeded: 429,
  daily_limit_exceeded: 429,
  inference_error: 500,
  context_too_long: 400,
  sandbox_timeout: 408,
  memory_limit_exceeded: 400,
  overloaded: 503,
  invalid_framework: 400,
  invalid_level: 400,
  invalid_focus: 400,
  extraction_failed: 500,
};

/** The error a promise rejects with; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
