import { bulkDeleteResultSchema, bulkLinkResultsSchema } from '../domain/bulk-outputs.js';
import { bulkCreateDocSchema, bulkCreateSchema, bulkDeleteQuerySchema, bulkUpdateSchema } from '../domain/bulk-schemas.js';
import { idParamSchema } from '../domain/ids.js';
import { qrQuerySchema } from '../domain/qr-schemas.js';
import type { RestRoute } from './rest-routes.js';

const LINK_ID = { id: idParamSchema('lnk') };

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

/** Link routes beyond one link at a time: QR codes, bulk calls. Appended to the route table (rest-routes.ts). */
export const LINK_EXTRA_ROUTES: readonly RestRoute[] = [
  {
    field: 'Query.linkQrCode',
    method: 'GET',
    path: '/links/:id/qr',
    status: 200,
    tag: 'links',
    summary: "A QR code of the link's short URL",
    query: qrQuerySchema,
    queryParams: Object.keys(qrQuerySchema.shape),
    params: LINK_ID,
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
