import type { AuditEntry } from '../../domain/audit.js';
import { AUDIT_LIMIT_DEFAULT, AUDIT_LIMIT_MAX } from '../../domain/audit-schemas.js';
import type { Actor } from '../../domain/caller.js';
import type { AuditPage } from '../../services/audit/audit-service.js';
import { builder } from '../builder.js';
import { AuditActorTypeEnum, AuditTargetTypeEnum } from './enums.js';
import { DateTimeScalar } from './scalars.js';

export const ActorType = builder.objectRef<Actor>('AuditActor').implement({
  description: 'Who acted: a user, an API key, the operator at the command line (cli) or lsk itself (system).',
  fields: (t) => ({
    type: t.field({ type: AuditActorTypeEnum, description: 'user, key, cli or system.', resolve: (a) => a.type }),
    id: t.exposeString('id', { description: 'A usr_ or key_ id; "cli" or "system".' }),
    label: t.exposeString('label', { description: "The user's email, the key's name, the operating-system user and host of the CLI." }),
  }),
});

const TargetType = builder.objectRef<AuditEntry['target']>('AuditTarget').implement({
  description: 'What the action was about.',
  fields: (t) => ({
    type: t.field({ type: AuditTargetTypeEnum, resolve: (x) => x.type }),
    id: t.exposeString('id', { description: 'Its id (a tag by its name, a domain by its host).' }),
  }),
});

const AuditEntryType = builder.objectRef<AuditEntry>('AuditEntry').implement({
  description: 'One recorded action: who did what to which target, when, in which request. Never holds a secret.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Opaque id, e.g. aud_0VbbQFuK000NfDApHTI5; ordered by time.' }),
    at: t.field({ type: DateTimeScalar, description: 'When it happened.', resolve: (e) => e.at }),
    actor: t.field({ type: ActorType, resolve: (e) => e.actor }),
    action: t.exposeString('action', { description: 'What was done, e.g. link.created, key.revoked, user.sign_in_failed (docs/audit.md lists all).' }),
    target: t.field({ type: TargetType, resolve: (e) => e.target }),
    request_id: t.string({
      nullable: true,
      description: "X-Request-Id of the request (one per CLI command); null for lsk's own work.",
      resolve: (e) => e.requestId,
    }),
  }),
});

const AuditPageType = builder.objectRef<AuditPage>('AuditLog').implement({
  description: 'One page of audit entries, newest first.',
  fields: (t) => ({
    data: t.field({ type: [AuditEntryType], extensions: { maxItems: AUDIT_LIMIT_MAX }, resolve: (p) => p.data }),
    next_cursor: t.string({ nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.', resolve: (p) => p.nextCursor }),
  }),
});

builder.queryField('auditLog', (t) =>
  t.withAuth({ scope: 'audit:read' }).field({
    type: AuditPageType,
    description: 'What was changed in the workspace, and every sign-in of its members, newest first; filters combine with AND. Owners and admins.',
    args: {
      action: t.arg.string({ description: 'Only entries of this action, e.g. link.created.' }),
      actor_id: t.arg.string({ description: 'Only entries by this actor: a usr_ or key_ id, "cli" or "system".' }),
      target_id: t.arg.string({ description: 'Only entries about this target (an id, a tag name or a host).' }),
      from: t.arg.string({ description: 'ISO date (midnight UTC) or date-time with an offset: entries at or after it.' }),
      to: t.arg.string({ description: 'ISO date (the whole UTC day included) or date-time with an offset: entries before it.' }),
      limit: t.arg.int({ description: `1 to ${AUDIT_LIMIT_MAX}, default ${AUDIT_LIMIT_DEFAULT}.` }),
      cursor: t.arg.string({ description: 'next_cursor of the previous page.' }),
    },
    resolve: (_r, args, ctx) => ctx.services.audit.list(ctx.caller, args),
  }),
);
