/**
 * The dashboard's build: Preact + TypeScript into dist/dashboard with hashed file names, served by
 * the service under /dashboard/ (src/http/dashboard). `npm run build` runs it after the compiler.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import preact from '@preact/preset-vite';
import countries from 'i18n-iso-countries';
import { defineConfig, type Plugin } from 'vite';
import { worldShapes } from './build/world-shapes.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Every text file of the build also as `.br` and `.gz` beside it, compressed once here at the
 * highest levels: the service sends the one a browser accepts without compressing per request.
 */
function precompress(): Plugin {
  return {
    name: 'lsk-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle).filter((n) => /\.(html|js|css|svg|json|txt)$/.test(n))) {
        const path = join(options.dir!, name);
        const body = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root,
  base: '/dashboard/',
  plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false }), worldShapes(), precompress()],
  // The geo-targeting country picker's codes, the same list the API validates against.
  define: { __COUNTRY_CODES__: JSON.stringify(Object.keys(countries.getAlpha2Codes()).sort()) },
  build: {
    outDir: fileURLToPath(new URL('../dist/dashboard', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Everything from 'self': no inline data URLs the CSP would have to allow for scripts or styles.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
