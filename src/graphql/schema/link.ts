import { type LinkView, linkView, linkViews } from '../../domain/link-view.js';
import type { LinkPage } from '../../services/link-service.js';
import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { LinkHealthFilterEnum, LinkSortEnum, LinkStatusEnum } from './enums.js';
import { linkBehaviourArgs } from './link-behaviour-args.js';
import { NodeRef } from './node-interface.js';
import { DateTimeScalar, GeoTargetingScalar } from './scalars.js';

export const LinkType = builder.objectRef<LinkView>('Link').implement({
  description: 'A short link.',
  interfaces: [NodeRef],
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Opaque id, e.g. lnk_3kTMd9sQ0pX1bY7zA2cW.' }),
    short_url: t.exposeString('short_url', { description: 'https://{domain}/{alias} (http:// for localhost).' }),
    domain: t.exposeString('domain', { description: 'Host name the link is served on.' }),
    alias: t.exposeString('alias', { description: 'Path segment(s) after the domain; case-sensitive.' }),
    destination: t.exposeString('destination', { description: 'Default target URL.' }),
    geo_targeting: t.expose('geo_targeting', { type: GeoTargetingScalar, description: 'Country-specific targets (always an object).' }),
    tags: t.exposeStringList('tags', { description: 'Tag names (always an array).' }),
    clicks: t.exposeInt('clicks', { description: 'Counted visits (bots and HEAD requests excluded).' }),
    created_at: t.expose('created_at', { type: DateTimeScalar, description: 'ISO 8601 UTC time.' }),
    updated_at: t.expose('updated_at', { type: DateTimeScalar, description: 'ISO 8601 UTC time.' }),
  }),
});

export const LinkListType = builder.objectRef<LinkPage>('LinkList').implement({
  description: 'One page of links, newest first.',
  fields: (t) => ({
    data: t.field({ type: [LinkType], resolve: (p) => linkViews(p.data) }),
    next_cursor: t.string({ nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.', resolve: (p) => p.nextCursor }),
  }),
});

const LinkCountType = builder.objectRef<{ total: number | null }>('LinkCount').implement({
  description: 'How many links match.',
  fields: (t) => ({
    total: t.int({
      nullable: true,
      description: 'null for status=active or exhausted over more than 10,000 links (their click counts decide).',
      resolve: (c) => c.total,
    }),
  }),
});

const linkArgs = builder.args((t) => ({
  domain: t.string({ description: 'Host name; defaults to the service default domain; others must be added to the workspace first.' }),
  alias: t.string({ description: '1-128 of A-Z a-z 0-9 - _ . ~ and inner /; generated (7 characters) when absent.' }),
  geo_targeting: t.field({ type: GeoTargetingScalar, description: 'Country code -> URL; {} or null for none.' }),
  tags: t.stringList({ description: 'Up to 25 tags of 1-64 characters; duplicates collapse case-insensitively.' }),
}));
const DESTINATION = 'Absolute http(s) URL, at most 8,192 characters.';

builder.queryFields((t) => ({
  link: t.withAuth({ scope: 'links:read' }).field({
    type: LinkType,
    description: 'One link of your workspace.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => linkView(await ctx.services.links.get(ctx.caller, args.id)),
  }),
  linkCount: t.withAuth({ scope: 'links:read' }).field({
    type: LinkCountType,
    description: 'How many links of your workspace match the filters of links(...).',
    args: {
      tag: t.arg.string({ description: 'Only links carrying this tag (case-insensitive).' }),
      domain: t.arg.string({ description: 'Only links on this domain.' }),
      q: t.arg.string({ description: 'Case-insensitive substring of alias, destination or title.' }),
      status: t.arg({ type: LinkStatusEnum, description: 'Only links of this status: active, expired or exhausted.' }),
      external_id: t.arg.string({ description: 'Only the link with this external_id.' }),
      health: t.arg({ type: LinkHealthFilterEnum, description: 'broken: only links whose targets failed two checks in a row.' }),
    },
    resolve: async (_r, args, ctx) => ({ total: await ctx.services.links.count(ctx.caller, args) }),
  }),
  links: t.withAuth({ scope: 'links:read' }).field({
    type: LinkListType,
    description: 'Links of your workspace, newest first, with cursor pagination and filters.',
    args: {
      limit: t.arg.int({ description: '1 to 100, default 20.' }),
      cursor: t.arg.string({ description: 'next_cursor of the previous page.' }),
      tag: t.arg.string({ description: 'Only links carrying this tag (case-insensitive).' }),
      domain: t.arg.string({ description: 'Only links on this domain.' }),
      q: t.arg.string({ description: 'Case-insensitive substring of alias, destination or title.' }),
      status: t.arg({ type: LinkStatusEnum, description: 'Only links of this status: active, expired or exhausted.' }),
      external_id: t.arg.string({ description: 'Only the link with this external_id.' }),
      sort: t.arg({ type: LinkSortEnum, description: 'newest (default), oldest, alias (A-Z) or clicks (most first; up to 10,000 matching links).' }),
      health: t.arg({ type: LinkHealthFilterEnum, description: 'broken: only links whose targets failed two checks in a row.' }),
    },
    resolve: (_r, args, ctx) => ctx.services.links.list(ctx.caller, args),
  }),
}));

// Mutation fields are nullable: when one root field of a mutation fails, the others still report their writes.
builder.mutationFields((t) => ({
  createLink: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: LinkType,
    description: 'Create a link.',
    args: { destination: t.arg.string({ required: true, description: DESTINATION }), ...linkArgs, ...linkBehaviourArgs },
    resolve: async (_r, args, ctx) => linkView(await ctx.services.links.create(ctx.caller, inputOf(ctx, args))),
  }),
  updateLink: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: LinkType,
    description: "Change any subset of a link's fields; null clears geo_targeting and tags.",
    args: { id: t.arg.id({ required: true }), destination: t.arg.string({ description: DESTINATION }), ...linkArgs, ...linkBehaviourArgs },
    resolve: async (_r, { id, ...rest }, ctx) => linkView(await ctx.services.links.update(ctx.caller, id, inputOf(ctx, rest))),
  }),
  deleteLink: t.withAuth({ scope: 'links:write' }).boolean({
    nullable: true,
    description: 'Delete a link; its alias answers 404 from then on.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.links.delete(ctx.caller, args.id);
      return true;
    },
  }),
}));
