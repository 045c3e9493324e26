/**
 * The recorded visit's share of the event loop, in process: CPU time of this thread only
 * (`process.threadCpuUsage`), so neither the click writer thread nor other processes on the machine
 * count, per request through the redirect handler with a response that writes nothing (no HTTP: what
 * is left is lsk's own work). HEAD (nothing recorded) against GET (the visit recorded, then the flush
 * that encodes the clicks and hands them to the writer thread), over every link in turn, as the
 * redirect bench visits them; median of PASSES alternating passes. Beside it, V8's helper threads
 * (parallel scavenges, concurrent marking: what a visit leaves alive until the flush costs there),
 * from /proc (Linux; NaN elsewhere).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClickRecorder } from '../src/redirect/click-recorder.js';
import type { RedirectHandler } from '../src/redirect/redirect-handler.js';
import { BROWSER_UA, DOMAIN } from './fixtures.js';

const PASSES = 5;

/** A string with the same characters but a copy of its own, as the HTTP parser makes each header. */
const fresh = (s: string): string => Buffer.from(s, 'latin1').toString('latin1');

const threadUs = (): number => {
  const u = process.threadCpuUsage();
  return u.user + u.system;
};

/** CPU µs of this process's V8 helper threads so far (NaN without /proc). */
function helpersUs(): number {
  try {
    let ticks = 0;
    for (const t of readdirSync('/proc/self/task')) {
      if (readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim() !== 'V8Worker') continue;
      const fields = readFileSync(`/proc/self/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10_000; // clock ticks of 10 ms (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU µs per request: the main thread's for HEAD, GET with its flush, the flush alone (per visit); V8's helper threads' for each. */
export async function recordedVisitCpu(
  handler: RedirectHandler,
  recorder: ClickRecorder,
  aliases: readonly string[],
): Promise<{ head: number; get: number; flush: number; helpersHead: number; helpersGet: number }> {
  const reqs = aliases.map((a) => ({
    url: `/${a}`,
    method: 'GET',
    headers: { host: fresh(DOMAIN), 'user-agent': fresh(BROWSER_UA), 'cf-ipcountry': fresh('DE') },
    socket: { remoteAddress: '127.0.0.1' },
  }));
  const res = { statusCode: 200, writeHead: () => res, end: () => res, setHeader: () => res } as unknown as ServerResponse;
  const runs = { head: [] as number[], get: [] as number[], flush: [] as number[], helpersHead: [] as number[], helpersGet: [] as number[] };
  await recorder.flush();
  for (let p = 0; p < PASSES; p++) {
    for (const method of ['HEAD', 'GET'] as const) {
      for (const r of reqs) r.method = method;
      const helpers = helpersUs();
      const started = threadUs();
      for (const r of reqs) {
        const pending = handler.handle(r as unknown as IncomingMessage, res, 'bench');
        if (pending) await pending;
      }
      const answered = threadUs();
      if (method === 'GET') await recorder.flush();
      const flushed = threadUs();
      runs[method === 'GET' ? 'get' : 'head'].push((flushed - started) / reqs.length);
      runs[method === 'GET' ? 'helpersGet' : 'helpersHead'].push((helpersUs() - helpers) / reqs.length);
      if (method === 'GET') runs.flush.push((flushed - answered) / reqs.length);
    }
  }
  return {
    head: median(runs.head),
    get: median(runs.get),
    flush: median(runs.flush),
    helpersHead: median(runs.helpersHead),
    helpersGet: median(runs.helpersGet),
  };
}
