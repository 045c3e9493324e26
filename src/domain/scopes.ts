/**
 * Who may call what: the one vocabulary of scopes, what implies what, and which scopes each member
 * role holds. Schema fields declare the scope they need (src/graphql/builder.ts); principals carry
 * the scopes they were granted (src/auth/principal.ts).
 */
export const SCOPES = [
  'links:read',
  'links:write',
  'analytics:read',
  'domains:read',
  'domains:write',
  'keys:read',
  'keys:write',
  'webhooks:read',
  'webhooks:write',
  'members:read',
  'members:write',
  'workspace:read',
  'audit:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export const ALL_SCOPES: ReadonlySet<Scope> = new Set(SCOPES);

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as ReadonlySet<string>).has(value);
}

/** The scopes a grant amounts to: every `…:write` implies the `…:read` of the same resource. */
export function expandScopes(granted: Iterable<Scope>): ReadonlySet<Scope> {
  const out = new Set<Scope>();
  for (const s of granted) {
    out.add(s);
    if (s.endsWith(':write')) {
      const read = s.replace(/:write$/, ':read');
      if (isScope(read)) out.add(read);
    }
  }
  return out;
}

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Every read scope but the audit log's, which only owners and admins hold. */
const READ_ALL: Scope[] = SCOPES.filter((s) => s.endsWith(':read') && s !== 'audit:read');

/**
 * Member roles as scope sets: a viewer reads everything but the audit log (secrets are never
 * readable anyway), a member also writes links and tags, an admin also domains, keys, webhooks and
 * members and reads the audit log, an owner everything.
 */
export const ROLE_SCOPES: Readonly<Record<Role, ReadonlySet<Scope>>> = {
  viewer: expandScopes(READ_ALL),
  member: expandScopes([...READ_ALL, 'links:write']),
  admin: expandScopes([...READ_ALL, 'links:write', 'domains:write', 'keys:write', 'webhooks:write', 'members:write', 'audit:read']),
  owner: ALL_SCOPES,
};
