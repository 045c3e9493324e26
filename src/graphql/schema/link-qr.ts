import type { QrImage } from '../../qr/render.js';
import { linkQrCode, qrSvgOf } from '../../services/qr-codes.js';
import { builder } from '../builder.js';
import { QrEccEnum, QrFormatEnum } from './enums.js';
import { LinkType } from './link.js';

const SIZE = 'Width and height in pixels, 64 to 2048 (default 512).';
const MARGIN = 'Quiet zone in modules, 0 to 16 (default 2).';
const ECC = 'Error-correction level L, M, Q or H (default M).';

builder.objectField(LinkType, 'qr_svg', (t) =>
  t.string({
    description: "A QR code of the link's short_url, as an SVG document.",
    args: { size: t.arg.int({ description: SIZE }), margin: t.arg.int({ description: MARGIN }), ecc: t.arg({ type: QrEccEnum, description: ECC }) },
    resolve: (link, args) => qrSvgOf(link, args),
  }),
);

const QrCodeType = builder.objectRef<QrImage>('QrCode').implement({
  description: "A QR code image of a link's short_url (GET /v1/links/{id}/qr answers the image itself).",
  fields: (t) => ({
    content_type: t.string({ description: 'image/svg+xml or image/png.', resolve: (q) => q.contentType }),
    base64: t.string({ description: 'The image, base64-encoded.', resolve: (q) => q.body.toString('base64') }),
  }),
});

builder.queryField('linkQrCode', (t) =>
  t.withAuth({ scope: 'links:read' }).field({
    type: QrCodeType,
    description: "A QR code of the link's short_url as SVG or PNG, with size, margin, error correction and colours.",
    args: {
      id: t.arg.id({ required: true }),
      format: t.arg({ type: QrFormatEnum, description: 'svg (default) or png.' }),
      size: t.arg.int({ description: SIZE }),
      margin: t.arg.int({ description: MARGIN }),
      ecc: t.arg({ type: QrEccEnum, description: ECC }),
      fg: t.arg.string({ description: 'Colour of the dark modules, RRGGBB (default 000000).' }),
      bg: t.arg.string({ description: 'Background colour, RRGGBB (default FFFFFF).' }),
    },
    resolve: (_r, { id, ...options }, ctx) => linkQrCode(ctx.services.links, ctx.caller, id, options),
  }),
);
