/**
 * Load generation for `npm run bench`: wrk (the reference: a C load generator that leaves the cores
 * to the servers), or autocannon when wrk is not installed (it takes a core itself and flatters any
 * ratio against a bare server; the output says which tool ran).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  seconds: number;
  connections?: number;
  method?: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Paths cycled through (each connection walks the list from a different offset). */
  paths?: readonly string[];
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Responses outside 2xx/3xx. */
  bad: number;
}

export const TOOL: 'wrk' | 'autocannon' = hasWrk() ? 'wrk' : 'autocannon';

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    // wrk --version exits 1 after printing its version.
    return (e as { status?: number }).status === 1;
  }
}

export function load(opts: LoadOptions): Promise<Figures> {
  return TOOL === 'wrk' ? wrk(opts) : cannon(opts);
}

export function fmt(f: Figures): string {
  const n = Math.round(f.rps).toLocaleString('en');
  return `${n} req/s, p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms${f.bad ? `, ${f.bad} non-2xx/3xx` : ''}`;
}

const lua = (s: string) => JSON.stringify(s); // a JSON string is a valid Lua string literal here

function script(opts: LoadOptions, pathsFile: string | undefined): string {
  const lines = [`wrk.method = ${lua(opts.method ?? 'GET')}`];
  // wrk sets `Host` itself; the same spelling replaces it (a lower-case `host` would be a second one).
  for (const [k, v] of Object.entries(opts.headers ?? {})) lines.push(`wrk.headers[${lua(k.toLowerCase() === 'host' ? 'Host' : k)}] = ${lua(v)}`);
  if (opts.body !== undefined) lines.push(`wrk.body = ${lua(opts.body)}`);
  if (pathsFile) {
    lines.push(
      'local threads = 0',
      'function setup(thread) thread:set("tid", threads); threads = threads + 1 end',
      'local paths, i = {}, 0',
      'function init(args)',
      `  for line in io.lines(${lua(pathsFile)}) do paths[#paths + 1] = line end`,
      '  i = (tid * 7919) % #paths',
      'end',
      'function request()',
      '  i = i % #paths + 1',
      '  return wrk.format(nil, paths[i])',
      'end',
    );
  }
  return `${lines.join('\n')}\n`;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : Number.NaN;
}

function wrk(opts: LoadOptions): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'lsk-wrk-'));
  let pathsFile: string | undefined;
  if (opts.paths) {
    pathsFile = join(dir, 'paths.txt');
    writeFileSync(pathsFile, `${opts.paths.join('\n')}\n`);
  }
  const scriptFile = join(dir, 'script.lua');
  writeFileSync(scriptFile, script(opts, pathsFile));
  const connections = opts.connections ?? 50;
  const args = ['-t', '2', '-c', String(connections), '-d', `${opts.seconds}s`, '--latency', '-s', scriptFile, opts.url];
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { timeout: (opts.seconds + 30) * 1000 }, (err, stdout) => {
      rmSync(dir, { recursive: true, force: true });
      if (err) return reject(new Error(`wrk failed: ${err.message}`));
      const out = String(stdout);
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const p50 = ms(/\s50%\s+(\S+)/.exec(out)?.[1] ?? '');
      const p99 = ms(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '');
      const bad = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
      if (!Number.isFinite(rps)) return reject(new Error(`cannot read wrk's output:\n${out}`));
      resolve({ rps, p50, p99, bad });
    });
  });
}

async function cannon(opts: LoadOptions): Promise<Figures> {
  let i = 0;
  const paths = opts.paths;
  const r = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 50,
    duration: opts.seconds,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    requests: paths
      ? [
          {
            setupRequest: (req) => {
              i = (i + 1) % paths.length;
              return { ...req, path: paths[i]! };
            },
          },
        ]
      : undefined,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx - (r.statusCodeStats?.['302' as never]?.count ?? 0) };
}
