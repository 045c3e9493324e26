/**
 * A QR code as a two-colour PNG (indexed, one bit a pixel), compressed on libuv's thread pool.
 *
 * `qrcode`'s own PNG writer fills an RGBA image pixel by pixel and deflates it synchronously: a
 * 512 px code held the event loop about 100 ms and a 2,048 px one about 0.5 s (docs/adr/0230). Here
 * the pixels are the same (the library's module matrix, scaled as its renderer scales it), each
 * distinct row is built once, and the main thread only hands zlib about a quarter of a megabyte.
 */
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import QRCode from 'qrcode';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** qrcode's own scale when the asked width cannot hold the symbol. */
const FALLBACK_SCALE = 4;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export interface PngQrOptions {
  ecc: 'L' | 'M' | 'Q' | 'H';
  margin: number;
  size: number;
  /** RRGGBB */
  dark: string;
  light: string;
}

/** The PNG of `text`'s QR code: `size` pixels wide when that holds the symbol, as qrcode draws it. */
export async function qrPng(text: string, o: PngQrOptions): Promise<Buffer> {
  const { size: n, data } = QRCode.create(text, { errorCorrectionLevel: o.ecc }).modules;
  const span = n + o.margin * 2;
  const scale = o.size >= span ? o.size / span : FALLBACK_SCALE;
  const width = Math.floor(span * scale);
  const margin = o.margin * scale;
  // The module each pixel column (and row) shows; -1 in the quiet zone.
  const source = Array.from({ length: width }, (_, p) => (p >= margin && p < width - margin ? Math.floor((p - margin) / scale) : -1));
  const stride = 1 + Math.ceil(width / 8); // a filter byte (0: none), then the pixels, high bit first
  const rowOf = new Map<number, Buffer>();
  const raw = Buffer.alloc(stride * width);
  for (let y = 0; y < width; y++) {
    const m = source[y]!;
    let row = rowOf.get(m);
    if (!row) {
      row = Buffer.alloc(stride);
      if (m >= 0) for (let x = 0; x < width; x++) if (source[x]! >= 0 && data[m * n + source[x]!]) row[1 + (x >> 3)]! |= 0x80 >> (x & 7);
      rowOf.set(m, row);
    }
    row.copy(raw, y * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.set([1, 3, 0, 0, 0], 8); // bit depth 1, indexed colour, deflate, adaptive filters, no interlace
  const palette = Buffer.from(o.light + o.dark, 'hex'); // index 0 light, 1 dark
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', palette), chunk('IDAT', await deflateAsync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
