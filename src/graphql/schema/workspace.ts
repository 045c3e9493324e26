import type { ApiKey, Domain, Tag, Workspace } from '../../domain/model.js';
import { PLANS } from '../../domain/resource-schemas.js';
import { FIELD_LIMITS } from '../../limits/field-limits.js';
import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { NodeRef } from './node-interface.js';
import { DateTimeScalar } from './scalars.js';

const PlanEnum = builder.enumType('Plan', { values: PLANS, description: 'standard (100 rpm), advanced (500 rpm) or custom.' });

export const WorkspaceType = builder.objectRef<Workspace>('Workspace').implement({
  description: 'The tenant that owns links, tags, domains and keys.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    plan: t.field({ type: PlanEnum, resolve: (w) => w.plan }),
    rate_limit_rpm: t.int({ description: 'Requests per minute allowed to the whole workspace.', resolve: (w) => w.rateLimitRpm }),
    require_2fa: t.boolean({
      description: 'Whether members need a second factor (authenticator app or passkey) to act here; set by an owner.',
      resolve: (w) => w.require2fa,
    }),
  }),
});

export const TagType = builder.objectRef<Tag>('Tag').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    links: t.exposeInt('links', { description: 'How many links carry the tag.' }),
    created_at: t.field({ type: DateTimeScalar, resolve: (x) => x.createdAt }),
  }),
});

export const DomainType = builder.objectRef<Domain>('Domain').implement({
  fields: (t) => ({
    host: t.exposeString('host'),
    created_at: t.field({ type: DateTimeScalar, resolve: (d) => d.createdAt }),
  }),
});

const SCOPES_TEXT = 'What the key may do (links:read, links:write, ...); a …:write scope implies the …:read of the same resource.';
const DOMAINS_TEXT = 'A restricted key sees and changes only links on these domains; null: any domain.';
const TAGS_TEXT = 'A restricted key sees and changes only links carrying one of these tags; null: any link.';
export const ApiKeyType = builder.objectRef<ApiKey>('ApiKey').implement({
  description: 'An API key (its secret is shown only once, when created).',
  interfaces: [NodeRef],
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    created_at: t.field({ type: DateTimeScalar, resolve: (k) => k.createdAt }),
    expires_at: t.field({ type: DateTimeScalar, resolve: (k) => k.expiresAt }),
    last_used_at: t.field({ type: DateTimeScalar, nullable: true, resolve: (k) => k.lastUsedAt }),
    revoked_at: t.field({ type: DateTimeScalar, nullable: true, resolve: (k) => k.revokedAt }),
    scopes: t.stringList({ description: SCOPES_TEXT, resolve: (k) => k.scopes }),
    domains: t.stringList({ nullable: true, description: DOMAINS_TEXT, resolve: (k) => k.domains }),
    tags: t.stringList({ nullable: true, description: TAGS_TEXT, resolve: (k) => k.tags }),
  }),
});

const CreatedApiKeyType = builder.objectRef<{ key: ApiKey; secret: string }>('CreatedApiKey').implement({
  description: 'A new API key with its secret, shown this once.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => c.key.id }),
    name: t.string({ resolve: (c) => c.key.name }),
    created_at: t.field({ type: DateTimeScalar, resolve: (c) => c.key.createdAt }),
    expires_at: t.field({ type: DateTimeScalar, resolve: (c) => c.key.expiresAt }),
    last_used_at: t.field({ type: DateTimeScalar, nullable: true, resolve: (c) => c.key.lastUsedAt }),
    revoked_at: t.field({ type: DateTimeScalar, nullable: true, resolve: (c) => c.key.revokedAt }),
    scopes: t.stringList({ description: SCOPES_TEXT, resolve: (c) => c.key.scopes }),
    domains: t.stringList({ nullable: true, description: DOMAINS_TEXT, resolve: (c) => c.key.domains }),
    tags: t.stringList({ nullable: true, description: TAGS_TEXT, resolve: (c) => c.key.tags }),
    key: t.string({ description: 'The secret: lsk_live_...', resolve: (c) => c.secret }),
  }),
});

const TagListType = builder
  .objectRef<{ data: Tag[] }>('TagList')
  .implement({ fields: (t) => ({ data: t.field({ type: [TagType], resolve: (x) => x.data }) }) });
const DomainListType = builder.objectRef<{ data: Domain[]; defaultHost: string }>('DomainList').implement({
  fields: (t) => ({
    data: t.field({ type: [DomainType], resolve: (x) => x.data }),
    default_host: t.exposeString('defaultHost', {
      description:
        "The service's default domain (LSK_DEFAULT_DOMAIN), where a link goes when it names no domain; every workspace may use it, and `data` does not list it.",
    }),
  }),
});
const ApiKeyListType = builder
  .objectRef<{ data: ApiKey[] }>('ApiKeyList')
  .implement({ fields: (t) => ({ data: t.field({ type: [ApiKeyType], resolve: (x) => x.data }) }) });

builder.queryFields((t) => ({
  workspace: t.withAuth({ scope: 'workspace:read' }).field({
    type: WorkspaceType,
    description: "The caller's workspace and plan.",
    resolve: (_r, _a, ctx) => ctx.principal.workspace,
  }),
  tags: t.withAuth({ scope: 'links:read' }).field({
    type: TagListType,
    description: 'Tags of your workspace with their link counts.',
    resolve: async (_r, _a, ctx) => ({ data: await ctx.services.workspaces.listTags(ctx.caller) }),
  }),
  domains: t.withAuth({ scope: 'domains:read' }).field({
    type: DomainListType,
    description: 'Custom domains of your workspace.',
    resolve: async (_r, _a, ctx) => ({ data: await ctx.services.workspaces.listDomains(ctx.caller), defaultHost: ctx.services.config.defaultDomain }),
  }),
  keys: t.withAuth({ scope: 'keys:read' }).field({
    type: ApiKeyListType,
    description: 'API keys of your workspace (never their secrets).',
    resolve: async (_r, _a, ctx) => ({ data: await ctx.services.keys.list(ctx.caller) }),
  }),
}));

// Mutation fields are nullable: when one root field of a mutation fails, the others still report their writes.
builder.mutationFields((t) => ({
  updateTag: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: TagType,
    description: "Rename a tag; renaming to an existing tag's name merges the two.",
    args: { tag: t.arg.string({ required: true, description: 'Current name.' }), name: t.arg.string({ required: true, description: 'New name.' }) },
    resolve: (_r, args, ctx) => ctx.services.workspaces.updateTag(ctx.caller, args.tag, inputOf(ctx, { name: args.name })),
  }),
  deleteTag: t.withAuth({ scope: 'links:write' }).boolean({
    nullable: true,
    description: 'Delete a tag and remove it from every link.',
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.workspaces.deleteTag(ctx.caller, args.name);
      return true;
    },
  }),
  createDomain: t.withAuth({ scope: 'domains:write' }).field({
    nullable: true,
    type: DomainType,
    description: 'Add a custom domain to your workspace.',
    args: { host: t.arg.string({ required: true, description: 'e.g. go.example.com' }) },
    resolve: (_r, args, ctx) => ctx.services.workspaces.addDomain(ctx.caller, inputOf(ctx, args)),
  }),
  deleteDomain: t.withAuth({ scope: 'domains:write' }).boolean({
    nullable: true,
    description: 'Remove a custom domain (it must serve no links).',
    args: { host: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.workspaces.removeDomain(ctx.caller, args.host);
      return true;
    },
  }),
  createKey: t.withAuth({ scope: 'keys:write' }).field({
    nullable: true,
    type: CreatedApiKeyType,
    description: 'Create an API key; the secret is returned this once.',
    args: {
      name: t.arg.string({ description: '1-64 characters; default "default".' }),
      scopes: t.arg.stringList({ description: 'Scopes of the new key, default all; none beyond your own.' }),
      domains: t.arg.stringList({ description: "Restrict the key to links on these domains (the default domain or the workspace's); default any." }),
      tags: t.arg.stringList({ description: 'Restrict the key to links carrying one of these tags; default any link.' }),
    },
    resolve: async (_r, args, ctx, info) => {
      await ctx.services.fieldLimit(ctx, info, args, FIELD_LIMITS.createKey);
      return ctx.services.keys.create(ctx.caller, inputOf(ctx, args), ctx.principal.scopes);
    },
  }),
  revokeKey: t.withAuth({ scope: 'keys:write' }).field({
    nullable: true,
    type: ApiKeyType,
    description: 'Revoke an API key; it stops working at once.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.keys.revoke(ctx.caller, args.id),
  }),
}));
