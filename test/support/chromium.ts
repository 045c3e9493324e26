/**
 * A minimal headless Chromium driver for the offline-pages test: the DevTools protocol over
 * --remote-debugging-pipe (no WebSocket, no npm package), recording every request a page (and its
 * workers) makes. Chromium runs with a dead proxy, so nothing can leave the machine: a page that
 * needs another host shows it as a request (and fails to render), exactly as offline users would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { waitFor } from './wait-for.js';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | undefined {
  const fromEnv = process.env.LSK_CHROMIUM;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p));
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface PageRequest {
  url: string;
  /** Document, Stylesheet, Script, Image, Font, Fetch, XHR, Other ... */
  type: string;
  status?: number;
  mimeType?: string;
  failed?: string;
}

export interface PageVisit {
  requests: PageRequest[];
  /** The text expression's value (default document.body.innerText) once the wait condition held (or timed out). */
  text: string;
  /** Whether the wait condition became true. */
  ready: boolean;
  screenshot: Buffer;
  consoleErrors: string[];
}

export class Chromium {
  private proc: ChildProcess;
  private profile: string;
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: Json) => void; reject: (e: Error) => void }>();
  private listeners: ((method: string, params: Json, sessionId?: string) => void)[] = [];
  private buffer = '';
  private exited = false;
  private stderr = '';

  private constructor(binary: string) {
    this.profile = mkdtempSync(join(tmpdir(), 'lsk-chromium-'));
    this.proc = spawn(
      binary,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-default-browser-check',
        `--user-data-dir=${this.profile}`,
        // Offline: every non-loopback request goes to a closed port and fails.
        '--proxy-server=http://127.0.0.1:9',
        '--window-size=1280,900',
        '--remote-debugging-pipe',
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
    );
    this.proc.stderr!.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-4000);
    });
    const out = this.proc.stdio[4] as Readable;
    out.on('data', (d: Buffer) => this.onData(d));
    this.proc.on('exit', () => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error(`chromium exited: ${this.stderr}`));
      this.pending.clear();
    });
  }

  static async launch(binary: string): Promise<Chromium> {
    const c = new Chromium(binary);
    await c.send('Browser.getVersion');
    return c;
  }

  private onData(d: Buffer): void {
    this.buffer += d.toString('utf8');
    for (let i = this.buffer.indexOf('\0'); i >= 0; i = this.buffer.indexOf('\0')) {
      const msg = JSON.parse(this.buffer.slice(0, i)) as Json;
      this.buffer = this.buffer.slice(i + 1);
      if (typeof msg.id === 'number') {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        if (msg.error) p?.reject(new Error(`${msg.error.message} (${msg.error.code})`));
        else p?.resolve(msg.result as Json);
      } else if (msg.method) {
        for (const l of this.listeners) l(msg.method as string, (msg.params ?? {}) as Json, msg.sessionId as string | undefined);
      }
    }
  }

  send(method: string, params: Json = {}, sessionId?: string): Promise<Json> {
    if (this.exited) return Promise.reject(new Error(`chromium exited: ${this.stderr}`));
    const id = this.nextId++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      (this.proc.stdio[3] as Writable).write(`${message}\0`);
    });
  }

  /**
   * Open url in a fresh tab, record every request of the page and its workers, wait until
   * `readyExpression` (evaluated in the page) is true or timeoutMs passes, then let the network
   * settle and take the page text and a screenshot.
   */
  async visit(url: string, readyExpression: string, timeoutMs = 20_000, textExpression = 'document.body ? document.body.innerText : ""'): Promise<PageVisit> {
    const byId = new Map<string, PageRequest>();
    const requests: PageRequest[] = [];
    const consoleErrors: string[] = [];
    const sessions = new Set<string>();
    const listener = (method: string, p: Json, sessionId?: string) => {
      if (sessionId && !sessions.has(sessionId)) return;
      const key = `${sessionId}:${p.requestId}`;
      if (method === 'Network.requestWillBeSent') {
        const r: PageRequest = { url: p.request.url, type: p.type ?? 'Other' };
        byId.set(key, r);
        requests.push(r);
      } else if (method === 'Network.responseReceived') {
        // A worker's own script is announced in the page's session and answered in the worker's.
        const r = byId.get(key) ?? requests.find((q) => q.url === p.response.url && q.status === undefined && q.failed === undefined);
        if (r) Object.assign(r, { status: p.response.status, mimeType: p.response.mimeType });
      } else if (method === 'Network.loadingFailed') {
        const r = byId.get(key) ?? requests.find((q) => q.type === p.type && q.status === undefined && q.failed === undefined);
        if (r) r.failed = p.errorText;
      } else if (method === 'Network.webSocketCreated') {
        requests.push({ url: p.url, type: 'WebSocket' });
      } else if (method === 'Runtime.exceptionThrown') {
        consoleErrors.push(p.exceptionDetails?.exception?.description ?? p.exceptionDetails?.text ?? 'exception');
      } else if (method === 'Runtime.consoleAPICalled' && p.type === 'error') {
        consoleErrors.push(p.args?.map((a: Json) => a.value ?? a.description ?? '').join(' ') ?? 'console.error');
      } else if (method === 'Target.attachedToTarget') {
        // Workers (Monaco's, in GraphiQL): record their requests too.
        const child = p.sessionId as string;
        sessions.add(child);
        void this.send('Network.enable', {}, child).catch(() => undefined);
        void this.send('Runtime.runIfWaitingForDebugger', {}, child).catch(() => undefined);
      }
    };
    this.listeners.push(listener);
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    sessions.add(sessionId as string);
    try {
      await this.send('Network.enable', {}, sessionId);
      await this.send('Network.setCacheDisabled', { cacheDisabled: true }, sessionId);
      await this.send('Page.enable', {}, sessionId);
      await this.send('Runtime.enable', {}, sessionId);
      await this.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId);
      await this.send('Page.navigate', { url }, sessionId);
      const ready = await waitFor(
        async () => {
          const res = await this.send('Runtime.evaluate', { expression: `Boolean(${readyExpression})`, returnByValue: true }, sessionId).catch(() => undefined);
          return res?.result?.value === true;
        },
        (ready) => ready,
        { timeout: timeoutMs, interval: 250 },
      );
      // Let late requests (fonts, workers, lazy chunks) start and finish: quiet for one interval, at most 2 s.
      let settled = -1;
      await waitFor(
        () => {
          const quiet = requests.length === settled && requests.every((r) => r.status !== undefined || r.failed !== undefined || r.type === 'WebSocket');
          settled = requests.length;
          return quiet;
        },
        (quiet) => quiet,
        { timeout: 2000, interval: 250 },
      );
      const text = await this.send('Runtime.evaluate', { expression: `String((${textExpression}) ?? '')`, returnByValue: true }, sessionId);
      const shot = await this.send('Page.captureScreenshot', { format: 'png' }, sessionId);
      return { requests, text: String(text.result?.value ?? ''), ready, screenshot: Buffer.from(String(shot.data), 'base64'), consoleErrors };
    } finally {
      this.listeners = this.listeners.filter((l) => l !== listener);
      await this.send('Target.closeTarget', { targetId }).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    if (!this.exited) {
      await this.send('Browser.close').catch(() => undefined);
      await new Promise<void>((resolve) => {
        if (this.exited) return resolve();
        const t = setTimeout(() => {
          this.proc.kill('SIGKILL');
          resolve();
        }, 5000);
        this.proc.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    rmSync(this.profile, { recursive: true, force: true });
  }
}
