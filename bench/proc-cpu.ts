/**
 * CPU time of this process's child processes whose command name contains `name` (Linux /proc; the
 * bench's own FerretDB), in ms; NaN where /proc cannot tell.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

export function childCpuMs(name: string): number {
  let total = 0;
  let found = false;
  for (const pid of children(process.pid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!comm.includes(name)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
      found = true;
    } catch {
      // gone meanwhile
    }
  }
  return found ? total : Number.NaN;
}
