/** The QR PNG writer (src/qr/png.ts) draws exactly the pixels qrcode's own PNG renderer draws. */
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPng } from '../../src/qr/png.js';

const CASES = [
  { text: 'https://go.example/abc?qr=1', ecc: 'M', margin: 2, size: 512, dark: '000000', light: 'ffffff' },
  { text: 'https://go.example/a-much/longer/alias-with-more-modules?qr=1', ecc: 'H', margin: 4, size: 300, dark: '112233', light: 'ffeedd' },
  { text: 'https://go.example/x?qr=1', ecc: 'L', margin: 0, size: 333, dark: 'ff0000', light: '00ff00' },
  // Too small to hold the symbol: both fall back to four pixels a module.
  { text: 'https://go.example/a-much/longer/alias-with-more-modules?qr=1', ecc: 'H', margin: 16, size: 64, dark: '000000', light: 'ffffff' },
] as const;

describe('QR PNG', () => {
  it.each(CASES)('draws what qrcode draws: %o', async (c) => {
    const ours = PNG.sync.read(await qrPng(c.text, c));
    const theirs = PNG.sync.read(
      await QRCode.toBuffer(c.text, {
        type: 'png',
        errorCorrectionLevel: c.ecc,
        margin: c.margin,
        width: c.size,
        color: { dark: `#${c.dark}ff`, light: `#${c.light}ff` },
      }),
    );
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    expect(Buffer.compare(ours.data, theirs.data)).toBe(0);
  });

  it('is a small indexed image: one bit a pixel, two palette entries', async () => {
    const png = await qrPng('https://go.example/abc?qr=1', { ecc: 'M', margin: 2, size: 2048, dark: '000000', light: 'ffffff' });
    expect(png.subarray(24, 26)).toEqual(Buffer.from([1, 3])); // IHDR: bit depth 1, colour type 3
    expect(png.length).toBeLessThan(40_000);
  });
});
