import { bulkDeleteResultSchema, bulkLinkResultsSchema } from '../domain/bulk-outputs.js';
import { bulkCreateDocSchema, bulkCreateSchema, bulkDeleteQuerySchema, bulkUpdateSchema } from '../domain/bulk-schemas.js';
import { idParamSchema } from '../domain/ids.js';
import { linkCountSchema, linkListSchema, linkSchema, linkStatsSchema } from '../domain/link-outputs.js';
import { countLinksSchema, createLinkSchema, linkIdParamSchema, listLinksSchema, statsQuerySchema, updateLinkSchema } from '../domain/link-schemas.js';
import { qrQuerySchema } from '../domain/qr-schemas.js';
import type { RestRoute } from './route.js';

/** A link by its id or `ext_` + its external id. */
const LINK_ID = { id: linkIdParamSchema };
/** A link by its lnk_ id only (QR codes). */
const LNK_ID = { id: idParamSchema('lnk') };

/** The image of a linkQrCode result: its base64 bytes under its own content type. */
const qrImage = (data: Record<string, unknown>) => ({ contentType: String(data.content_type), body: Buffer.from(String(data.base64), 'base64') });

type Item = { link: unknown; error: null } | { link: null; error: { code: string; message: string; details: unknown[] | null } };

/** Bulk results as REST shows them: each item `{link}` or `{error}`, an error's details only when it has some. */
function bulkItems(data: unknown): unknown {
  const items = (data as { data: Item[] }).data;
  return {
    data: items.map((i) => {
      if (!i.error) return { link: i.link };
      const { details, ...error } = i.error;
      return { error: details ? { ...error, details } : error };
    }),
  };
}

/** Links: one at a time, their statistics and QR codes, and bulk calls. */
export const LINK_ROUTES: readonly RestRoute[] = [
  {
    field: 'Mutation.createLink',
    method: 'POST',
    path: '/links',
    status: 201,
    tag: 'links',
    summary: 'Create a link',
    body: createLinkSchema,
    idempotent: true,
    location: (d) => `/v1/links/${String(d.id)}`,
    response: linkSchema,
  },
  {
    field: 'Query.links',
    method: 'GET',
    path: '/links',
    status: 200,
    tag: 'links',
    summary: 'List links',
    query: listLinksSchema,
    queryParams: Object.keys(listLinksSchema.shape),
    response: linkListSchema,
  },
  {
    field: 'Query.linkCount',
    method: 'GET',
    path: '/links/count',
    status: 200,
    tag: 'links',
    summary: 'Count links',
    query: countLinksSchema,
    queryParams: Object.keys(countLinksSchema.shape),
    response: linkCountSchema,
  },
  { field: 'Query.link', method: 'GET', path: '/links/:id', status: 200, tag: 'links', summary: 'Get a link', params: LINK_ID, response: linkSchema },
  {
    field: 'Mutation.updateLink',
    method: 'PATCH',
    path: '/links/:id',
    status: 200,
    tag: 'links',
    summary: 'Update a link',
    body: updateLinkSchema,
    params: LINK_ID,
    response: linkSchema,
  },
  { field: 'Mutation.deleteLink', method: 'DELETE', path: '/links/:id', status: 204, tag: 'links', summary: 'Delete a link', params: LINK_ID },
  {
    field: 'Query.linkStats',
    method: 'GET',
    path: '/links/:id/stats',
    status: 200,
    tag: 'links',
    summary: 'Click statistics of a link',
    query: statsQuerySchema,
    queryParams: ['from', 'to'],
    params: LINK_ID,
    response: linkStatsSchema,
  },
  {
    field: 'Query.linkQrCode',
    method: 'GET',
    path: '/links/:id/qr',
    status: 200,
    tag: 'links',
    summary: "A QR code of the link's short URL",
    query: qrQuerySchema,
    queryParams: Object.keys(qrQuerySchema.shape),
    params: LNK_ID,
    media: { types: ['image/svg+xml', 'image/png'], encode: qrImage },
  },
  {
    field: 'Mutation.createLinks',
    method: 'POST',
    path: '/links/bulk',
    status: 200,
    tag: 'links',
    summary: 'Create up to 100 links',
    body: bulkCreateSchema,
    idempotent: true,
    docBody: bulkCreateDocSchema,
    response: bulkLinkResultsSchema,
    present: bulkItems,
  },
  {
    field: 'Mutation.updateLinks',
    method: 'PATCH',
    path: '/links/bulk',
    status: 200,
    tag: 'links',
    summary: 'Change up to 100 links',
    body: bulkUpdateSchema,
    response: bulkLinkResultsSchema,
    present: bulkItems,
  },
  {
    field: 'Mutation.deleteLinks',
    method: 'DELETE',
    path: '/links/bulk',
    status: 200,
    tag: 'links',
    summary: 'Delete up to 100 links',
    query: bulkDeleteQuerySchema,
    queryParams: ['ids'],
    response: bulkDeleteResultSchema,
  },
];
