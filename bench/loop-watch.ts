/**
 * How long a piece of work holds the event loop: the loop's delay (monitorEventLoopDelay, max and
 * p99) while it runs, beside the same loop idle for as long; and the main thread's CPU time between
 * two turns of a 1 ms timer (the longest and p99), which the machine's load does not inflate (a
 * stretch preempted by other processes stalls the loop longer, but costs no more CPU). The thread's
 * CPU time is the kernel's (getrusage): on Linux its readings at times jump by a clock tick (4 ms
 * here), so a single stretch is known to within a few milliseconds.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const cpuNow = () => {
  const c = process.threadCpuUsage();
  return (c.user + c.system) / 1000;
};

const ms = (ns: number) => (ns / 1e6).toFixed(1);

export async function loopWatch(work: () => Promise<unknown>): Promise<string> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const stretches: number[] = [];
  let on = true;
  let last = cpuNow();
  const tick = () => {
    const now = cpuNow();
    stretches.push(now - last);
    last = now;
    if (on) setTimeout(tick, 1);
  };
  delay.enable();
  setTimeout(tick, 1);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  on = false;
  delay.disable();
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((r) => setTimeout(r, took));
  idle.disable();
  stretches.sort((a, b) => b - a);
  const cpu = stretches.reduce((a, b) => a + b, 0);
  const p99 = stretches[Math.floor(stretches.length / 100)] ?? 0;
  return (
    `written in ${took.toFixed(0)} ms; event loop stalled at most ${ms(delay.max)} ms (p99 ${ms(delay.percentile(99))}); ` +
    `idle for as long: at most ${ms(idle.max)} ms (p99 ${ms(idle.percentile(99))}); main-thread CPU ${cpu.toFixed(0)} ms, ` +
    `between two timer turns at most ${(stretches[0] ?? 0).toFixed(1)} ms (p99 ${p99.toFixed(1)})`
  );
}
