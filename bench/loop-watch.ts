/**
 * How long a piece of work holds the event loop: the loop's delay (monitorEventLoopDelay, max and
 * p99) while it runs, beside the same loop idle for as long; and the main thread's CPU time between
 * two turns of a 1 ms timer (the longest and p99), which the machine's load does not inflate (a
 * stretch preempted by other processes stalls the loop longer, but costs no more CPU). The thread's
 * CPU time is the kernel's (getrusage): on Linux its readings at times jump by a clock tick (4 ms
 * here), so a single stretch is known to within a few milliseconds. Where the kernel keeps the
 * thread's scheduler statistics (/proc/thread-self/schedstat, nanoseconds), the longest gap between
 * two timer turns is also split into the time the thread ran, the time it waited runnable for a core
 * (preempted by other threads or processes) and the time it slept (blocked, or the loop idle), with
 * the thread's major page faults in that gap and V8's collections that began in it (their pauses).
 * The kernel updates a running thread's time on a core only at a tick or a switch, so `ran` is known
 * to a tick too; the time it waited for a core is exact when the thread reads it (updated as it got
 * the core back), and so is the loop's own poll (eventLoopUtilization's idle time). The gap that held
 * the thread longest is reported by its wall time less those two: the time it ran, or blocked on a
 * lock (V8's helper threads, a message port), exact to the microsecond.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { IdleProbe } from './idle-probe.js';

const cpuNow = () => {
  const c = process.threadCpuUsage();
  return (c.user + c.system) / 1000;
};

/** The `index`th space-separated decimal number in `b` from `from` (before `to`), parsed in place. */
function numberAt(b: Buffer, from: number, to: number, index: number): number {
  let i = from;
  for (let k = 0; k < index; k++) {
    while (i < to && b[i] !== 32) i++;
    i++;
  }
  let v = 0;
  while (i < to && b[i]! >= 48 && b[i]! <= 57) v = v * 10 + b[i++]! - 48;
  return v;
}

/**
 * The main thread's time on a core and waiting runnable for one, in ms, and its major page faults,
 * read from files opened once into one buffer and parsed in place: the watch reads them every
 * millisecond, and what a reading allocated (two strings and a split of some fifty fields) was about
 * 1.5 MB a second of garbage, young-generation collections inside the window it measures.
 */
class ThreadSched {
  private readonly buf = Buffer.alloc(1024);

  private constructor(
    private readonly schedFd: number,
    private readonly statFd: number,
  ) {}

  /** Null where the kernel does not keep them. */
  static open(): ThreadSched | null {
    try {
      return new ThreadSched(openSync('/proc/thread-self/schedstat', 'r'), openSync('/proc/thread-self/stat', 'r'));
    } catch {
      return null;
    }
  }

  /** Into `out`: ran, waited (ms), major page faults. */
  read(out: Float64Array): void {
    const b = this.buf;
    let n = readSync(this.schedFd, b, 0, b.length, 0);
    out[0] = numberAt(b, 0, n, 0) / 1e6;
    out[1] = numberAt(b, 0, n, 1) / 1e6;
    n = readSync(this.statFd, b, 0, b.length, 0);
    let close = n - 1;
    while (close > 0 && b[close] !== 41) close--; // the last ')' ends the command's name
    out[2] = numberAt(b, close + 2, n, 9);
  }

  close(): void {
    closeSync(this.schedFd);
    closeSync(this.statFd);
  }
}

const ms = (ns: number) => (ns / 1e6).toFixed(1);

interface Gap {
  from: number;
  wall: number;
  run: number;
  wait: number;
  faults: number;
  /** Wall time less the wait for a core and the loop's own poll (exact, where `run` is known to a tick). */
  busy: number;
}

/** V8's pauses that began within a gap. */
const gcPause = (gcs: readonly { start: number; duration: number }[], g: Gap): number =>
  gcs.filter((c) => c.start >= g.from && c.start < g.from + g.wall).reduce((a, c) => a + c.duration, 0);

/** `idleProbe`: the same window measured on a separate, idle Node process too (./idle-probe.ts), printed beside. */
export async function loopWatch(work: () => Promise<unknown>, opts: { idleProbe?: boolean } = {}): Promise<string> {
  const probe = opts.idleProbe ? await IdleProbe.start() : null;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const stretches: number[] = [];
  let longest: Gap | null = null;
  let longestRun = 0;
  let busiest: Gap | null = null;
  let on = true;
  let lastPoll = performance.eventLoopUtilization().idle;
  let last = cpuNow();
  let lastAt = performance.now();
  const sched = ThreadSched.open();
  let now3 = new Float64Array(3);
  let last3 = new Float64Array(3);
  sched?.read(last3);
  const tick = () => {
    const now = cpuNow();
    const at = performance.now();
    const poll = performance.eventLoopUtilization().idle;
    stretches.push(now - last);
    if (sched) {
      sched.read(now3);
      const wall = at - lastAt;
      const wait = now3[1]! - last3[1]!;
      const run = now3[0]! - last3[0]!;
      const busy = Math.max(0, wall - wait - (poll - lastPoll));
      // A gap is made an object only when it is the longest or busiest so far (a tick allocates little).
      if (longest === null || wall > longest.wall) longest = { from: lastAt, wall, run, wait, faults: now3[2]! - last3[2]!, busy };
      if (busiest === null || busy > busiest.busy) busiest = { from: lastAt, wall, run, wait, faults: now3[2]! - last3[2]!, busy };
      longestRun = Math.max(longestRun, run);
      const t = last3;
      last3 = now3;
      now3 = t;
    }
    lastPoll = poll;
    last = now;
    lastAt = at;
    if (!on) clearInterval(timer);
  };
  // V8's collections on the main thread during the work (their pauses, by start time).
  const gcs: { start: number; duration: number }[] = [];
  const gcWatch = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, duration: e.duration });
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  delay.enable();
  // One timer object for the whole watch (a new one per turn was garbage too).
  const timer = setInterval(tick, 1);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  on = false;
  delay.disable();
  const reference = probe ? `; ${await probe.stop()}` : '';
  // Collections are reported a little after they happen.
  await new Promise((r) => setTimeout(r, 50));
  sched?.close(); // the last tick has run
  for (const e of gcWatch.takeRecords()) gcs.push({ start: e.startTime, duration: e.duration });
  gcWatch.disconnect();
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((r) => setTimeout(r, took));
  idle.disable();
  stretches.sort((a, b) => b - a);
  const cpu = stretches.reduce((a, b) => a + b, 0);
  const p99 = stretches[Math.floor(stretches.length / 100)] ?? 0;
  const g = longest as Gap | null;
  const b = busiest as Gap | null;
  const split =
    g === null
      ? ''
      : `; the longest gap between two timer turns ${g.wall.toFixed(1)} ms: ran ${g.run.toFixed(1)}, waited for a core ${g.wait.toFixed(1)}, ` +
        `slept ${Math.max(0, g.wall - g.run - g.wait).toFixed(1)} (schedstat), ${g.faults} major page faults, ` +
        `collections in it ${gcPause(gcs, g).toFixed(1)} ms; the most it ran between two turns ${longestRun.toFixed(1)} ms` +
        (b === null
          ? ''
          : `; the most it held the thread between two turns ${b.busy.toFixed(1)} ms (its wall time less its wait for a core and the loop's poll; collections in it ${gcPause(gcs, b).toFixed(1)} ms)`);
  return (
    `written in ${took.toFixed(0)} ms; event loop stalled at most ${ms(delay.max)} ms (p99 ${ms(delay.percentile(99))}); ` +
    `idle for as long: at most ${ms(idle.max)} ms (p99 ${ms(idle.percentile(99))}); main-thread CPU ${cpu.toFixed(0)} ms, ` +
    `between two timer turns at most ${(stretches[0] ?? 0).toFixed(1)} ms (p99 ${p99.toFixed(1)})${split}; ` +
    `V8's collections on the thread meanwhile ${gcs.length} (${gcs.reduce((a, c) => a + c.duration, 0).toFixed(1)} ms of pauses, ` +
    `the longest ${Math.max(0, ...gcs.map((c) => c.duration)).toFixed(1)})${reference}`
  );
}
