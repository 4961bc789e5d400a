/** One line for any error, as a user reads it: the service's own message, else name and message. */
import { isApiError } from './review/service/errors';

export function describeError(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
