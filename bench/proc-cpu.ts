/**
 * CPU time of this process's child processes whose command name contains `name` (Linux /proc; the
 * bench's own FerretDB, or the process BENCH_FERRETDB_PID), in ms; NaN where /proc cannot tell.
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
  // A server started outside the bench (MONGODB_URI) can be named by its process id.
  const outside = Number(process.env.BENCH_FERRETDB_PID);
  for (const pid of outside > 0 ? [outside] : children(process.pid)) {
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
