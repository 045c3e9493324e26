import { getPriority, setPriority } from 'node:os';

/**
 * How many steps of `nice` the click writer thread runs below the process by default: none
 * (docs/adr/0203). Lower, the scheduler hands a core back to the event loop as soon as it wakes
 * rather than letting it wait behind the writer's burst after each flush; but a writer preempted
 * while it holds the database's write lock then makes the event loop's own writes wait longer
 * (measured), and no gain for the redirect was shown.
 */
export const CLICK_WRITER_NICE = 0;

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
