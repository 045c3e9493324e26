import type { Caller } from '../domain/caller.js';
import { shortUrl } from '../domain/field-rules.js';
import { type QrOptions, qrQuerySchema, qrSvgSchema } from '../domain/qr-schemas.js';
import { parseOrThrow } from '../domain/validate.js';
import { type QrImage, renderQr } from '../qr/render.js';
import type { LinkService } from './link-service.js';

/** What a link's QR code encodes: its short URL marked `?qr=1`, so a scan counts with trigger `qr` (the redirect removes the mark). */
export const qrTarget = (link: { domain: string; alias: string }) => `${shortUrl(link.domain, link.alias)}?qr=1`;

/** The QR code of one link of the workspace: its short URL, drawn as asked (GET /v1/links/{id}/qr, linkQrCode). */
export async function linkQrCode(links: LinkService, caller: Caller, id: string, raw: unknown): Promise<QrImage> {
  const options: QrOptions = parseOrThrow(qrQuerySchema, raw);
  const link = await links.get(caller, id);
  return renderQr(qrTarget(link), options);
}

/** Link.qr_svg: the SVG of a link already read. */
export async function qrSvgOf(link: { domain: string; alias: string }, raw: unknown): Promise<string> {
  const o = parseOrThrow(qrSvgSchema, raw);
  const image = await renderQr(qrTarget(link), { ...o, format: 'svg', fg: null, bg: null });
  return image.body.toString('utf8');
}
