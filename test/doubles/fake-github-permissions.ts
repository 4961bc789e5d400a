/**
 * "Get repository permissions for a user" for the fake GitHub
 * (`GET /repos/{owner}/{repo}/collaborators/{username}/permission`), answered the way GitHub
 * does: `permission` is the legacy base role (`maintain` shows as `write`, `triage` as `read`, a
 * custom role as the base it builds on), `role_name` the role itself, and `user` the
 * collaborator with the same two facts. Logins are matched case-insensitively, as GitHub does;
 * a login the test did not set has no access (`none`). Failures are forced with `failNext`.
 */

/** GitHub's predefined repository roles. */
export type FakeBaseRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

/** A predefined role, or an organization's custom role with the base permission it builds on. */
export type FakeRole = FakeBaseRole | { roleName: string; permission: string };

type Reply = (status: number, body: unknown) => void;

const RANKS = ['read', 'write', 'admin'];
const LEGACY: Readonly<Record<FakeBaseRole, string>> = { admin: 'admin', maintain: 'write', write: 'write', triage: 'read', read: 'read', none: 'none' };

export interface FakePermissions {
  set(login: string, role: FakeRole): void;
  /** Handles `rest` (the path under the repository) when it is this route; false otherwise. */
  route(method: string, rest: string, reply: Reply): boolean;
}

export function createFakePermissions(initial: Readonly<Record<string, FakeRole>> = {}): FakePermissions {
  const roles = new Map<string, FakeRole>(Object.entries(initial).map(([login, role]) => [login.toLowerCase(), role]));
  return {
    set(login, role) {
      roles.set(login.toLowerCase(), role);
    },
    route(method, rest, reply) {
      const match = /^\/collaborators\/([^/]+)\/permission$/.exec(rest);
      if (match === null || method !== 'GET') return false;
      const login = decodeURIComponent(match[1] ?? '');
      const role = roles.get(login.toLowerCase()) ?? 'none';
      const { roleName, permission } = typeof role === 'string' ? { roleName: role, permission: LEGACY[role] } : role;
      const at = (base: string): boolean => RANKS.indexOf(permission) >= RANKS.indexOf(base);
      reply(200, {
        permission,
        role_name: roleName,
        user: {
          login, id: 1, node_id: 'MDQ6VXNlcjE=', type: 'User', site_admin: false,
          permissions: { admin: permission === 'admin', maintain: roleName === 'maintain' || permission === 'admin', push: at('write'), triage: roleName === 'triage' || at('write'), pull: at('read') },
          role_name: roleName,
        },
      });
      return true;
    },
  };
}
