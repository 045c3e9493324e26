/**
 * What `npm start` runs: Node's module compile cache on (modules compiled at one start are reused
 * by the next; keyed by content, kept in the OS temp folder), then the server. The cache must be
 * enabled before the server's modules load, hence this file and the dynamic import.
 */
import module from 'node:module';

module.enableCompileCache?.();
await import('./server.js');
