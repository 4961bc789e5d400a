/**
 * Someone's access to the repository, as GitHub's "Get repository permissions for a user"
 * (`GET /repos/{owner}/{repo}/collaborators/{username}/permission`) gives it. Its `permission` is
 * the base role — `admin`, `write`, `read` or `none`, `maintain` showing as `write` and `triage`
 * as `read` — and `role_name` the role itself, a custom role's name included. Only `permission`
 * decides; a predefined role that contradicts it makes the answer unreadable (fail closed).
 * `author_association` (OWNER, MEMBER, COLLABORATOR) says who someone is, never what they may do.
 */
import { quoteValue } from './quote-value';

export type BasePermission = 'admin' | 'write' | 'read' | 'none';

export type RepositoryAccess =
  | { kind: 'known'; login: string; permission: BasePermission; role: string }
  /** The answer could not be had or read: `why` says which, for a reader. */
  | { kind: 'unknown'; login: string; why: string };

/** Reads a login's access once per run (repeated asks share the first answer); never rejects. */
export type AccessReader = (login: string) => Promise<RepositoryAccess>;

/** GitHub's predefined repository roles, each with the base permission it shows as. */
const PREDEFINED_ROLES: Readonly<Record<string, BasePermission>> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

const BASE_PERMISSIONS: readonly string[] = ['admin', 'write', 'read', 'none'];

/** GitHub's answer about `login`, checked: anything off makes it unknown, saying what. */
export function parseRepositoryAccess(login: string, data: unknown): RepositoryAccess {
  const unknown = (why: string): RepositoryAccess => ({ kind: 'unknown', login, why: `GitHub's answer ${why}` });
  if (typeof data !== 'object' || data === null) return unknown('is not an object');
  const answer = data as { permission?: unknown; role_name?: unknown; user?: unknown };
  const { permission } = answer;
  if (typeof permission !== 'string' || !BASE_PERMISSIONS.includes(permission)) {
    return unknown(`has no permission of admin, write, read or none${permission === undefined ? '' : ` (${quoteValue(permission)})`}`);
  }
  const user = answer.user as { login?: unknown } | null | undefined;
  if (user !== null && user !== undefined && (typeof user.login !== 'string' || user.login.toLowerCase() !== login.toLowerCase())) {
    return unknown(`is about @${String(user.login)}, not @${login}`);
  }
  if (answer.role_name !== undefined && typeof answer.role_name !== 'string') return unknown(`has a role_name that is not text (${quoteValue(answer.role_name)})`);
  const role = answer.role_name === undefined || answer.role_name === '' ? permission : answer.role_name;
  const shown = PREDEFINED_ROLES[role.toLowerCase()];
  if (shown !== undefined && shown !== permission) return unknown(`contradicts itself: role ${role} with base permission ${permission}`);
  return { kind: 'known', login, permission: permission as BasePermission, role };
}

/** Someone's access for a reader: `@mona has triage access`, `@mona's access … could not be read (…)`. */
export function describeAccess(access: RepositoryAccess): string {
  const who = `@${access.login}`;
  if (access.kind === 'unknown') return `${who}'s access to the repository could not be read (${access.why})`;
  if (access.permission === 'none') return `${who} has no access to the repository`;
  const role = access.role.toLowerCase();
  if (PREDEFINED_ROLES[role] !== undefined) return `${who} has ${role} access`;
  return `${who} has the custom role ${quoteValue(access.role)} (base permission ${access.permission})`;
}

/**
 * Whether this access is write access: a base permission of write or admin, as GitHub says it
 * (maintain shows as write, and so does a custom role built on it). Who may dismiss a finding
 * (dismissal.ts) and whose approval counts (approvals-reader.ts) are told by it.
 */
export function hasWriteAccess(access: RepositoryAccess | undefined): boolean {
  return access?.kind === 'known' && (access.permission === 'write' || access.permission === 'admin');
}
