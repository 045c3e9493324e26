import type { Actor } from './caller.js';

/** What an audit entry's target can be. */
export const TARGET_TYPES = [
  'link',
  'tag',
  'domain',
  'key',
  'webhook',
  'delivery',
  'user',
  'invite',
  'workspace',
  'report',
  'utm_template',
  'analytics_report',
  'analytics_share',
] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/**
 * Every action the audit log records, with the type of its target: the one vocabulary services emit
 * and the API filters by (docs/audit.md lists them). A new service operation adds its action here
 * and emits it (domain/events/service-events.ts); test/api/audit-coverage.api.test.ts fails for a GraphQL
 * mutation that records none.
 */
export const AUDIT_ACTIONS = {
  'link.created': 'link',
  'link.updated': 'link',
  'link.deleted': 'link',
  'links.exported': 'workspace',
  'tag.updated': 'tag',
  'tag.deleted': 'tag',
  'domain.created': 'domain',
  'domain.deleted': 'domain',
  'domain.updated': 'domain',
  'utm_template.created': 'utm_template',
  'utm_template.updated': 'utm_template',
  'utm_template.deleted': 'utm_template',
  'analytics_report.created': 'analytics_report',
  'analytics_report.updated': 'analytics_report',
  'analytics_report.deleted': 'analytics_report',
  'analytics_report.sent': 'analytics_report',
  'analytics_share.created': 'analytics_share',
  'analytics_share.deleted': 'analytics_share',
  'key.created': 'key',
  'key.revoked': 'key',
  'key.renewed': 'key',
  'webhook.created': 'webhook',
  'webhook.updated': 'webhook',
  'webhook.deleted': 'webhook',
  'webhook.secret_rotated': 'webhook',
  'webhook.tested': 'webhook',
  'webhook.delivery_retried': 'delivery',
  'member.added': 'user',
  'member.role_changed': 'user',
  'member.removed': 'user',
  'invite.created': 'invite',
  'invite.revoked': 'invite',
  'invite.accepted': 'invite',
  'workspace.created': 'workspace',
  'workspace.plan_changed': 'workspace',
  'workspace.updated': 'workspace',
  'workspace.deleted': 'workspace',
  'audit_log.exported': 'workspace',
  'link.disabled': 'link',
  'link.enabled': 'link',
  'workspace.suspended': 'workspace',
  'workspace.unsuspended': 'workspace',
  'report.received': 'report',
  'link.broken': 'link',
  'link.recovered': 'link',
  'user.signed_in': 'user',
  'user.sign_in_failed': 'user',
  'user.signed_out': 'user',
  'user.password_changed': 'user',
  'user.password_link_issued': 'user',
  'user.two_factor_enabled': 'user',
  'user.two_factor_disabled': 'user',
  'user.recovery_code_used': 'user',
  'user.password_reset_requested': 'user',
  'user.passkey_added': 'user',
  'user.passkey_removed': 'user',
  'user.session_revoked': 'user',
} as const satisfies Record<string, TargetType>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(v: string): v is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, v);
}

/** One recorded action. Nothing secret is ever part of one: ids, names and emails only. */
export interface AuditEntry {
  /** `aud_…`, ordered by time (timeOrderedId): the list's order and cursor. */
  id: string;
  workspaceId: string;
  at: Date;
  actor: Actor;
  action: AuditAction;
  target: { type: TargetType; id: string };
  requestId: string | null;
}

/** How long entries are kept when LSK_AUDIT_DAYS is not set. */
export const AUDIT_DAYS_DEFAULT = 365;
