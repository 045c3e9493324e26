/** A link an operator disabled (`lsk link disable`): it answers link_disabled until enabled again. */
export interface DisabledLink {
  linkId: string;
  workspaceId: string;
  domain: string;
  alias: string;
  reason: string | null;
  disabledAt: Date;
}

/** A suspended workspace (`lsk workspace suspend`): its keys and sessions are refused, its links disabled; its data stays. */
export interface Suspension {
  workspaceId: string;
  reason: string | null;
  suspendedAt: Date;
}

/** The operator's moderation decisions: one record per disabled link and per suspended workspace, inserted or deleted whole. */
export interface ModerationRepository {
  /** False when the link was disabled already. */
  disableLink(d: DisabledLink): Promise<boolean>;
  /** False when it was not disabled. */
  enableLink(linkId: string): Promise<boolean>;
  /** Oldest first. */
  disabledLinks(): Promise<DisabledLink[]>;
  /** False when the workspace was suspended already. */
  suspend(s: Suspension): Promise<boolean>;
  unsuspend(workspaceId: string): Promise<boolean>;
  /** Oldest first. */
  suspensions(): Promise<Suspension[]>;
  /** Delete up to `limit` records of a deleted workspace (docs/adr/0177): how many went, 0 when none is left. */
  purgeWorkspace(workspaceId: string, limit: number): Promise<number>;
}
