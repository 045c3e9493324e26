/** CPU time of a process under load, read from /proc (Linux): per answered request, beside the load's figures. */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { type Figures, load } from './load.js';

/** CPU seconds (user + system) a process has used so far: all its threads, the main thread, and the click writer's; NaN where /proc is missing. */
export function cpuSeconds(p: ChildProcess): { all: number; main: number; writer: number } {
  const ticks = (stat: string) => {
    const fields = stat.split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  };
  try {
    const out = { all: ticks(readFileSync(`/proc/${p.pid}/stat`, 'utf8')), main: 0, writer: 0 };
    // Threads that ended (a restarted writer) count in `all` only.
    for (const t of readdirSync(`/proc/${p.pid}/task`)) {
      const comm = readFileSync(`/proc/${p.pid}/task/${t}/comm`, 'utf8').trim();
      if (t === String(p.pid)) out.main = ticks(readFileSync(`/proc/${p.pid}/task/${t}/stat`, 'utf8'));
      else if (comm === 'click-writer') out.writer += ticks(readFileSync(`/proc/${p.pid}/task/${t}/stat`, 'utf8'));
    }
    return out;
  } catch {
    return { all: Number.NaN, main: Number.NaN, writer: Number.NaN };
  }
}

export interface Run extends Figures {
  /** CPU microseconds of the server per answered request: every thread, the main thread, the click writer thread. */
  cpuUs: number;
  mainUs: number;
  writerUs: number;
}

export async function measure(p: ChildProcess, opts: Parameters<typeof load>[0]): Promise<Run> {
  const before = cpuSeconds(p);
  const f = await load(opts);
  const after = cpuSeconds(p);
  const per = (k: 'all' | 'main' | 'writer') => ((after[k] - before[k]) * 1e6) / (f.rps * opts.seconds);
  return { ...f, cpuUs: per('all'), mainUs: per('main'), writerUs: per('writer') };
}
