/** Tools of the hostile-input suite: an attack measured (statuses, memory, worst /healthz latency), raw POSTs and raw bytes. Not a test file. */
import { connect } from 'node:net';
import type { Lsk } from '../support/server.js';

export interface Measured {
  attack: string;
  statuses: string;
  ms: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  worstHealthzMs: number;
}

async function rss(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1]) / 1048576;
}

/** Run `attack` while polling /healthz; record statuses, memory and the worst health latency. */
export async function measured(lsk: Lsk, table: Measured[], name: string, attack: () => Promise<number[]>): Promise<number[]> {
  const before = await rss(lsk.base);
  let running = true;
  let worst = 0;
  const poller = (async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(`${lsk.base}/healthz`);
      await res.text();
      worst = Math.max(worst, performance.now() - t);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const started = performance.now();
  let statuses: number[];
  try {
    statuses = await attack();
  } finally {
    running = false;
    await poller;
  }
  const ms = performance.now() - started;
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  table.push({
    attack: name,
    statuses: [...counts].map(([s, n]) => (n > 1 ? `${n}×${s}` : String(s))).join(' '),
    ms: Math.round(ms),
    rssBeforeMb: Math.round(before),
    rssAfterMb: Math.round(await rss(lsk.base)),
    worstHealthzMs: Math.round(worst),
  });
  return statuses;
}

/** POST a raw body; status and parsed JSON. */
export async function post(base: string, path: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const text = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text), headers: res.headers, text };
}

/** Send raw bytes on a fresh connection and read until the server closes it (or `waitMs` passes). */
export function rawExchange(port: number, bytes: string, waitMs: number): Promise<{ text: string; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const t0 = performance.now();
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: null });
    }, waitMs);
    socket.on('data', (d) => {
      text += d.toString();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: performance.now() - t0 });
    });
    socket.on('error', () => {});
    socket.write(bytes);
  });
}
