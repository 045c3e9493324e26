/**
 * What `npm start` runs: Node's module compile cache on (modules compiled at one start are reused
 * by the next; keyed by content, kept in the OS temp folder), V8's young generation capped as
 * LSK_SEMI_SPACE_MB says (the process restarts itself with the flag when it was not started with
 * it; worker threads then take their own limits), the old generation's growth as
 * LSK_HEAP_GROWTH_PERCENT says, then the server. These must happen before the server's modules
 * load, hence this file and the dynamic imports.
 */
import module from 'node:module';

module.enableCompileCache?.();
const { applySemiSpaceSetting, leaveWorkersTheirOwnYoungGeneration } = await import('./startup/young-generation.js');
applySemiSpaceSetting();
leaveWorkersTheirOwnYoungGeneration();
const { applyHeapGrowthSetting } = await import('./startup/heap-growth.js');
applyHeapGrowthSetting();
await import('./server.js');
