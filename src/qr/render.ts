import QRCode from 'qrcode';
import type { QrOptions } from '../domain/qr-schemas.js';
import { qrPng } from './png.js';

export interface QrImage {
  contentType: 'image/svg+xml' | 'image/png';
  body: Buffer;
}

/** qrcode takes colours as #RRGGBBAA. */
const opaque = (hex: string | null | undefined, byDefault: string) => `#${(hex ?? byDefault).toLowerCase()}ff`;

/** A QR code of `text` (the short URL) drawn with the `qrcode` library, as SVG or PNG (png.ts), `size` pixels wide. */
export async function renderQr(text: string, o: QrOptions): Promise<QrImage> {
  const common = {
    errorCorrectionLevel: o.ecc,
    margin: o.margin,
    width: o.size,
    color: { dark: opaque(o.fg, '000000'), light: opaque(o.bg, 'ffffff') },
  };
  if (o.format === 'png') {
    const body = await qrPng(text, { ecc: o.ecc, margin: o.margin, size: o.size, dark: o.fg ?? '000000', light: o.bg ?? 'ffffff' });
    return { contentType: 'image/png', body };
  }
  return { contentType: 'image/svg+xml', body: Buffer.from(await QRCode.toString(text, { ...common, type: 'svg' })) };
}
