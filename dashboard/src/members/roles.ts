/** The roles of a workspace, highest first. */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
