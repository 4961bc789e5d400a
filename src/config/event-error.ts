import { StopError } from '../domain/errors';

/** The event names nothing this run can review, or names it in a way it refuses: the message says which and why. */
export class EventError extends StopError {
  override readonly name = 'EventError' as const;
}
