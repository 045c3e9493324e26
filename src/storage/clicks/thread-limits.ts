import type { ResourceLimits } from 'node:worker_threads';

/**
 * The V8 heap limits of the click threads (the writer and the analytics readers). Their young
 * generation is kept small: they allocate a flush's or a read's rows at a time, far less than the
 * event loop that answers redirects, and each thread's young generation is memory it keeps
 * resident (the process-wide `--max-semi-space-size` the server starts with would give each 32 MB;
 * src/startup/young-generation.ts lets these limits apply). 12 MB is V8's young generation of two
 * 4 MB semi-spaces and their large objects (docs/adr/0193).
 */
export const CLICK_THREAD_LIMITS: ResourceLimits = Object.freeze({ maxYoungGenerationSizeMb: 12 });
