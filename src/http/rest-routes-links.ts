import { idParamSchema } from '../domain/ids.js';
import { qrQuerySchema } from '../domain/qr-schemas.js';
import type { RestRoute } from './rest-routes.js';

const LINK_ID = { id: idParamSchema('lnk') };

/** The image of a linkQrCode result: its base64 bytes under its own content type. */
const qrImage = (data: Record<string, unknown>) => ({ contentType: String(data.content_type), body: Buffer.from(String(data.base64), 'base64') });

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
];
