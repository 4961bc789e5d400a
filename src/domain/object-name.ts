/**
 * git's names of objects (commits, blobs), written once: what every module that takes a SHA from
 * an event, GitHub or git checks it against, and how a message shortens one.
 */

/** A full object name as git writes it: 40 hex digits (SHA-1) or 64 (SHA-256), lower case. */
const OBJECT_NAME = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Whether `value` is a full object name: 40 or 64 lower-case hex digits, nothing between. */
export function isObjectName(value: string): boolean {
  return OBJECT_NAME.test(value);
}

/** The first 12 characters of a commit SHA, as GitHub shows them. */
export function shortSha(sha: string): string {
  return sha.slice(0, 12);
}
