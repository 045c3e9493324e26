/**
 * prom-client's metric classes, each from its own file: the package's index also loads its default
 * process metrics (about 70 modules with @opentelemetry/api), which only a process serving /metrics
 * needs. An `lsk` command declares the services' metrics (the services are the same) but never
 * collects the process's: it loads these four files only (docs/adr/0232). The types are the package's.
 */
import { createRequire } from 'node:module';
import type * as Prom from 'prom-client';

const load = createRequire(import.meta.url);

export const Registry: typeof Prom.Registry = load('prom-client/lib/registry.js');
export type Registry = Prom.Registry;
export const Counter: typeof Prom.Counter = load('prom-client/lib/counter.js');
export type Counter<L extends string = string> = Prom.Counter<L>;
export const Gauge: typeof Prom.Gauge = load('prom-client/lib/gauge.js');
export type Gauge<L extends string = string> = Prom.Gauge<L>;
export const Histogram: typeof Prom.Histogram = load('prom-client/lib/histogram.js');
export type Histogram<L extends string = string> = Prom.Histogram<L>;
export type Metric = Prom.Metric;
