/**
 * The dashboard's build: Preact + TypeScript into dist/dashboard with hashed file names, served by
 * the service under /dashboard/ (src/http/dashboard). `npm run build` runs it after the compiler.
 */
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import countries from 'i18n-iso-countries';
import { defineConfig } from 'vite';
import { worldShapes } from './build/world-shapes.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/dashboard/',
  plugins: [preact({ devtoolsInProd: false, prefreshEnabled: false }), worldShapes()],
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
