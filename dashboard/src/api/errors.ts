/** An error the API answered (GraphQL `extensions.code`, REST `error.code`), with field problems by path. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** Field path (`geo_targeting.US`, `alias`) -> what is wrong with it. */
    readonly fields: Record<string, string> = {},
    readonly status = 0,
    readonly requestId?: string,
  ) {
    super(message);
  }

  /** The problem of one form field: its own path or any path below it (`geo_targeting` takes `geo_targeting.US`). */
  field(name: string): string | undefined {
    const hits = Object.entries(this.fields).filter(([p]) => p === name || p.startsWith(`${name}.`) || p.startsWith(`${name}[`));
    return hits.length ? hits.map(([p, m]) => (p === name ? m : `${p.slice(name.length + 1)}: ${m}`)).join('; ') : undefined;
  }
}

interface WireDetail {
  path?: unknown;
  message?: unknown;
}

/** Details (`[{path, message}]`) to a map; several problems on one path are joined. */
export function fieldMap(details: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const d of details as WireDetail[]) {
    if (typeof d?.path !== 'string' || typeof d.message !== 'string') continue;
    out[d.path] = out[d.path] ? `${out[d.path]}; ${d.message}` : d.message;
  }
  return out;
}
