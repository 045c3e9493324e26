import type { UtmTemplate } from '../../storage/utm-templates/repository.js';
import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { DateTimeScalar } from './scalars.js';

/** Workspace UTM templates: named UTM values the link form applies (scope links:write to change). */

export const UtmTemplateType = builder.objectRef<UtmTemplate>('UtmTemplate').implement({
  description: 'A named set of UTM values of the workspace.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Opaque id, e.g. utm_4Gd8kLm2Qx7Rt1Vb9Nc3.' }),
    name: t.exposeString('name', { description: 'Unique in the workspace (case-insensitively).' }),
    source: t.string({ nullable: true, description: 'utm_source, or null.', resolve: (x) => x.values.source ?? null }),
    medium: t.string({ nullable: true, description: 'utm_medium, or null.', resolve: (x) => x.values.medium ?? null }),
    campaign: t.string({ nullable: true, description: 'utm_campaign, or null.', resolve: (x) => x.values.campaign ?? null }),
    term: t.string({ nullable: true, description: 'utm_term, or null.', resolve: (x) => x.values.term ?? null }),
    content: t.string({ nullable: true, description: 'utm_content, or null.', resolve: (x) => x.values.content ?? null }),
    created_at: t.field({ type: DateTimeScalar, resolve: (x) => x.createdAt }),
    updated_at: t.field({ type: DateTimeScalar, resolve: (x) => x.updatedAt }),
  }),
});

const UtmTemplateListType = builder
  .objectRef<{ data: UtmTemplate[] }>('UtmTemplateList')
  .implement({ fields: (t) => ({ data: t.field({ type: [UtmTemplateType], resolve: (x) => x.data }) }) });

const valueArgs = builder.args((t) => ({
  source: t.string({ description: 'utm_source, 1-100 characters; null clears.' }),
  medium: t.string({ description: 'utm_medium, 1-100 characters; null clears.' }),
  campaign: t.string({ description: 'utm_campaign, 1-100 characters; null clears.' }),
  term: t.string({ description: 'utm_term, 1-100 characters; null clears.' }),
  content: t.string({ description: 'utm_content, 1-100 characters; null clears.' }),
}));

builder.queryFields((t) => ({
  utmTemplates: t.withAuth({ scope: 'links:read' }).field({
    type: UtmTemplateListType,
    description: 'UTM templates of your workspace, oldest first.',
    resolve: async (_r, _a, ctx) => ({ data: await ctx.services.utmTemplates.list(ctx.caller) }),
  }),
  utmTemplate: t.withAuth({ scope: 'links:read' }).field({
    type: UtmTemplateType,
    description: 'One UTM template of your workspace.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.utmTemplates.get(ctx.caller, args.id),
  }),
}));

builder.mutationFields((t) => ({
  createUtmTemplate: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: UtmTemplateType,
    description: 'Save a UTM template (at most 100 per workspace).',
    args: { name: t.arg.string({ required: true, description: '1-64 characters, unique in the workspace.' }), ...valueArgs },
    resolve: (_r, args, ctx) => ctx.services.utmTemplates.create(ctx.caller, inputOf(ctx, args)),
  }),
  updateUtmTemplate: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: UtmTemplateType,
    description: "Change a UTM template's name or values (null clears a value).",
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ description: '1-64 characters, unique in the workspace.' }), ...valueArgs },
    resolve: (_r, { id, ...rest }, ctx) => ctx.services.utmTemplates.update(ctx.caller, id, inputOf(ctx, rest)),
  }),
  deleteUtmTemplate: t.withAuth({ scope: 'links:write' }).boolean({
    nullable: true,
    description: 'Delete a UTM template (links keep their utm values).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.utmTemplates.delete(ctx.caller, args.id);
      return true;
    },
  }),
}));
