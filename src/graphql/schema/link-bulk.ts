import { BULK_MAX } from '../../domain/bulk-schemas.js';
import type { ErrorDetail } from '../../domain/errors.js';
import { linkViewOrNull } from '../../domain/link-view.js';
import type { BulkItem, ItemError } from '../../services/bulk-links.js';
import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { LinkType } from './link.js';
import { literalValue } from './scalars.js';

export const LinkFieldsScalar = builder.scalarType('LinkFields', {
  description:
    'A JSON object of link fields exactly as createLink (or updateLink) takes them, e.g. {"destination": "https://example.com/", "alias": "spring"}. Accepted as a variable or an inline object literal; checked item by item.',
  serialize: () => {
    throw new Error('LinkFields is an input only');
  },
  parseValue: (v) => v,
  parseLiteral: (ast, variables) => literalValue(ast, variables),
});

/** An item's error lists at most this many details, so 100 items of every link field stay within the document cost of 5,000. */
const ITEM_DETAILS_MAX = 8;

const ErrorDetailType = builder.objectRef<ErrorDetail>('BulkErrorDetail').implement({
  fields: (t) => ({ path: t.exposeString('path'), message: t.exposeString('message') }),
});

const ItemErrorType = builder.objectRef<ItemError>('BulkItemError').implement({
  description: 'Why one item of a bulk call failed: the code, message and details the one-link call would answer.',
  fields: (t) => ({
    code: t.exposeString('code'),
    message: t.exposeString('message'),
    details: t.field({
      type: [ErrorDetailType],
      nullable: true,
      description: `The fields at fault (the first ${ITEM_DETAILS_MAX}).`,
      extensions: { maxItems: ITEM_DETAILS_MAX },
      resolve: (e) => e.details?.slice(0, ITEM_DETAILS_MAX) ?? null,
    }),
  }),
});

const ResultType = builder.objectRef<BulkItem>('BulkLinkResult').implement({
  description: 'One item of a bulk call: its link, or its error (exactly one is set).',
  fields: (t) => ({
    link: t.field({ type: LinkType, nullable: true, resolve: (r) => ('link' in r ? linkViewOrNull(r.link) : null) }),
    error: t.field({ type: ItemErrorType, nullable: true, resolve: (r) => ('error' in r ? r.error : null) }),
  }),
});

const ResultsType = builder.objectRef<BulkItem[]>('BulkLinkResults').implement({
  description: 'One result per item, in request order.',
  fields: (t) => ({ data: t.field({ type: [ResultType], extensions: { maxItems: BULK_MAX }, resolve: (r) => r }) }),
});

const DeleteResultType = builder.objectRef<{ deleted: string[]; notFound: string[] }>('BulkDeleteResult').implement({
  fields: (t) => ({
    deleted: t.exposeStringList('deleted', { description: 'Ids of the links deleted, in request order.' }),
    not_found: t.stringList({ description: 'Ids that are not links of your workspace.', resolve: (r) => r.notFound }),
  }),
});

const IDS = '1 to 100 link ids, each once.';

builder.mutationFields((t) => ({
  createLinks: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: ResultsType,
    description: 'Create up to 100 links in one call; each item succeeds or fails on its own. Counts as one request against the plan.',
    args: { links: t.arg({ type: [LinkFieldsScalar], required: true, description: '1 to 100 createLink bodies.' }) },
    resolve: (_r, args, ctx) => ctx.services.bulkLinks.create(ctx.caller, inputOf(ctx, args)),
  }),
  updateLinks: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: ResultsType,
    description: 'Apply one patch to up to 100 links, then add and remove tags; each link succeeds or fails on its own.',
    args: {
      ids: t.arg.idList({ required: true, description: IDS }),
      patch: t.arg({ type: LinkFieldsScalar, description: 'Any updateLink fields, applied to every link.' }),
      add_tags: t.arg.stringList({ description: 'Tags to add to every link.' }),
      remove_tags: t.arg.stringList({ description: 'Tags to take off every link (case-insensitive).' }),
    },
    resolve: (_r, args, ctx) => ctx.services.bulkLinks.update(ctx.caller, inputOf(ctx, args)),
  }),
  deleteLinks: t.withAuth({ scope: 'links:write' }).field({
    nullable: true,
    type: DeleteResultType,
    description: 'Delete up to 100 links; ids that are not links of your workspace are listed as not_found.',
    args: { ids: t.arg.idList({ required: true, description: IDS }) },
    resolve: (_r, args, ctx) => ctx.services.bulkLinks.delete(ctx.caller, args),
  }),
}));
