/**
 * The browser SDK's two bundles (clients/browser/dist, checked in so a page can copy them): the
 * TypeScript SDK's client, minified by esbuild as ESM and as a script-tag IIFE (global `Lsk`).
 */
import { build } from 'esbuild';

export const BROWSER_ENTRY = 'clients/browser/src/lsk.ts';
export const BROWSER_BUILDS = [
  { out: 'clients/browser/dist/lsk.min.js', format: 'esm' as const },
  { out: 'clients/browser/dist/lsk.iife.min.js', format: 'iife' as const, globalName: 'Lsk' },
];
export const MAX_BROWSER_BYTES = 15 * 1024;

/** path -> bundle text, built in memory from the sources under root. */
export async function buildBrowser(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const b of BROWSER_BUILDS) {
    const r = await build({
      entryPoints: [`${root}/${BROWSER_ENTRY}`],
      bundle: true,
      minify: true,
      target: 'es2020',
      write: false,
      outfile: `${root}/${b.out}`,
      logLevel: 'silent',
      legalComments: 'none',
      format: b.format,
      ...(b.globalName ? { globalName: b.globalName } : {}),
    });
    out[b.out] = r.outputFiles[0]!.text;
  }
  return out;
}
