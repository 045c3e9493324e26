const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

/** Prometheus metrics kept in process: requests by route and status, and a latency histogram. */
export class Metrics {
  /** `${route}\0${method}` -> status -> count. */
  private requests = new Map<string, Map<number, number>>();
  private latency = new Map<string, Histogram>();
  private counters = new Map<string, { help: string; value: () => number }>();

  observe(route: string, method: string, status: number, seconds: number): void {
    this.observeKey(`${route}\u0000${method}`, route, status, seconds);
  }

  /** For hot paths: `key` is `${route}\0${method}`, built once by the caller. */
  observeKey(key: string, route: string, status: number, seconds: number): void {
    let byStatus = this.requests.get(key);
    if (!byStatus) {
      byStatus = new Map();
      this.requests.set(key, byStatus);
    }
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    let h = this.latency.get(route);
    if (!h) {
      h = { counts: new Array<number>(BUCKETS.length).fill(0), sum: 0, count: 0 };
      this.latency.set(route, h);
    }
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) h.counts[i]!++;
    h.sum += seconds;
    h.count++;
  }

  /** A gauge or counter read when scraped (queue sizes, dropped clicks...). */
  register(name: string, help: string, value: () => number): void {
    this.counters.set(name, { help, value });
  }

  render(): string {
    const out: string[] = [];
    out.push('# HELP lsk_http_requests_total HTTP requests by route, method and status.', '# TYPE lsk_http_requests_total counter');
    for (const [key, byStatus] of this.requests) {
      const [route, method] = key.split('\u0000');
      for (const [status, n] of byStatus) out.push(`lsk_http_requests_total{route="${route}",method="${method}",status="${status}"} ${n}`);
    }
    out.push('# HELP lsk_http_request_duration_seconds Request latency by route.', '# TYPE lsk_http_request_duration_seconds histogram');
    for (const [route, h] of this.latency) {
      for (const [i, b] of BUCKETS.entries()) out.push(`lsk_http_request_duration_seconds_bucket{route="${route}",le="${b}"} ${h.counts[i]}`);
      out.push(`lsk_http_request_duration_seconds_bucket{route="${route}",le="+Inf"} ${h.count}`);
      out.push(`lsk_http_request_duration_seconds_sum{route="${route}"} ${h.sum}`);
      out.push(`lsk_http_request_duration_seconds_count{route="${route}"} ${h.count}`);
    }
    for (const [name, c] of this.counters) out.push(`# HELP ${name} ${c.help}`, `# TYPE ${name} gauge`, `${name} ${c.value()}`);
    const mem = process.memoryUsage();
    out.push('# HELP process_resident_memory_bytes Resident memory.', '# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${mem.rss}`);
    return `${out.join('\n')}\n`;
  }
}
