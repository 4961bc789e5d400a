/**
 * A run that stopped before a verdict: why, in one message, and the step's outputs and failure that
 * say it. A `StopError` (the event, the pull request, its head, the policy file) says what happened
 * on its own; anything else follows "could not complete" (`describeError`).
 */
import { StopError, describeError } from '../domain/errors';
import type { ActionsIo } from './io';

/** Why the run stopped. */
export function stopMessage(error: unknown): string {
  return error instanceof StopError ? error.message : `review-gate could not complete: ${describeError(error)}`;
}

/** The outputs say the run failed, and why, and the step fails with one message. */
export function failStep(io: ActionsIo, message: string, reasons: string): void {
  io.setOutput('result', 'failed');
  io.setOutput('reasons', reasons);
  io.setFailed(message);
}
