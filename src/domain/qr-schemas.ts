import { intParam } from './link-schemas.js';
import { z } from './zod.js';

export const QR_FORMATS = ['svg', 'png'] as const;
export const QR_ECC = ['L', 'M', 'Q', 'H'] as const;

const colour = z
  .string()
  .regex(/^[0-9A-Fa-f]{6}$/, 'must be a colour as six hex digits (RRGGBB), without #')
  .meta({ minLength: 6, maxLength: 6 });

/** The drawing options shared by GET /v1/links/{id}/qr and Link.qr_svg. */
const drawing = {
  size: intParam(64, 2048, 512)
    .nullish()
    .transform((v) => v ?? 512),
  margin: intParam(0, 16, 2)
    .nullish()
    .transform((v) => v ?? 2),
  ecc: z
    .enum(QR_ECC, { error: 'must be one of L, M, Q, H' })
    .nullish()
    .transform((v) => v ?? 'M'),
};

/** Link.qr_svg(size, margin, ecc). */
export const qrSvgSchema = z.strictObject(drawing);

/** GET /v1/links/{id}/qr, linkQrCode(...). */
export const qrQuerySchema = z.strictObject({
  format: z
    .enum(QR_FORMATS, { error: 'must be svg or png' })
    .nullish()
    .transform((v) => v ?? 'svg'),
  ...drawing,
  fg: colour.nullish(),
  bg: colour.nullish(),
});
export type QrOptions = z.output<typeof qrQuerySchema>;
