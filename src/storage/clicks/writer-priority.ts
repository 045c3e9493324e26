import { getPriority, setPriority } from 'node:os';

/**
 * How many steps of `nice` the click writer thread runs below the process (docs/adr/0203): the
 * scheduler then hands a core back to the event loop that answers redirects as soon as it wakes,
 * rather than letting it wait behind the writer's burst after each flush. The writer still gets
 * whatever CPU the loop leaves (a full core between bursts on a machine of two).
 */
export const CLICK_WRITER_NICE = 10;

/**
 * Lower the calling thread's priority by `steps` of nice (at most to 19), on Linux only, where the
 * nice value is the thread's own (`setpriority(PRIO_PROCESS, 0)` names the calling thread); elsewhere
 * it would lower the whole process, event loop included, so nothing is done. Lowering needs no
 * privilege. Returns why it was not done, or null when done (or nothing was asked).
 */
export function lowerThreadPriority(steps: number, platform: NodeJS.Platform = process.platform): string | null {
  if (steps <= 0) return null;
  if (platform !== 'linux') return `thread priorities are per process on ${platform}`;
  try {
    setPriority(Math.min(19, getPriority() + steps));
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
