/**
 * The other end of ./idle-probe.ts, run in its own Node process: an event loop with nothing on it
 * but a 1 ms timer. Between 'start' and 'stop' it measures the loop's delay (monitorEventLoopDelay,
 * as ./loop-watch.ts does for the bench's own loop) and its longest gap between two timer turns,
 * split by the kernel's scheduler figures into the time it ran and the time it waited for a core.
 * Whatever it shows is the machine's scheduler, not work of its own.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The thread's time on a core and waiting runnable for one, in ms (null where the kernel does not say). */
function schedNow(): [run: number, wait: number] | null {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return [Number(run) / 1e6, Number(wait) / 1e6];
  } catch {
    return null;
  }
}

const delay = monitorEventLoopDelay({ resolution: 1 });
let longest = { wall: 0, run: 0, wait: 0 };
let on = false;
let lastAt = performance.now();
let lastSched = schedNow();

const tick = () => {
  const at = performance.now();
  const sched = schedNow();
  if (on && at - lastAt > longest.wall) {
    longest = { wall: at - lastAt, run: sched && lastSched ? sched[0] - lastSched[0] : 0, wait: sched && lastSched ? sched[1] - lastSched[1] : 0 };
  }
  lastAt = at;
  lastSched = sched;
  setTimeout(tick, 1);
};
setTimeout(tick, 1);

process.on('message', (m) => {
  if (m === 'start') {
    on = true;
    delay.enable();
  } else if (m === 'stop') {
    delay.disable();
    process.send?.({ max: delay.max / 1e6, p99: delay.percentile(99) / 1e6, longest }, () => process.exit(0));
  }
});
// The bench gone (ended or killed): so is the probe, whose timer would otherwise keep it alive.
process.on('disconnect', () => process.exit(0));
process.send?.('ready');
