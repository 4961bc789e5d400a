/**
 * A run that stopped before a verdict: why, in one message, and the step's outputs and failure that
 * say it. The errors of the event, the pull request, its head and its policy file say what happened
 * on their own; anything else is named by its class.
 */
import { EventError } from '../../config/event-error';
import { PolicyError } from '../../config/policy/policy-error';
import { describeError } from '../../domain/errors';
import { HeadMovedError, PullRequestNotFoundError } from '../../github/pull-head';
import type { ActionsIo } from './io';

/** Why the run stopped. */
export function stopMessage(error: unknown): string {
  const plain = error instanceof EventError || error instanceof PullRequestNotFoundError || error instanceof HeadMovedError || error instanceof PolicyError;
  return plain ? error.message : `review-gate could not complete: ${describeError(error)}`;
}

/** The outputs say the run failed, and why, and the step fails with one message. */
export function failStep(io: ActionsIo, message: string, reasons: string): void {
  io.setOutput('result', 'failed');
  io.setOutput('reasons', reasons);
  io.setFailed(message);
}
