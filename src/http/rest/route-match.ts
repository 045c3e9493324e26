import type { Method, RestRoute } from '../../v1/route.js';
import { REST_ROUTES } from '../../v1/routes.js';

interface CompiledPath {
  re: RegExp;
  params: string[];
}

function compile(path: string): CompiledPath {
  const params: string[] = [];
  const re = path.replace(/:([a-z_]+)/g, (_m, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { re: new RegExp(`^${re}$`), params };
}

// Literal paths before parameterised ones: /links/bulk is not the link with id "bulk".
const compiled = REST_ROUTES.map((r) => ({ route: r, ...compile(r.path) })).sort((a, b) => a.params.length - b.params.length);

export type RouteMatch =
  | { kind: 'route'; route: RestRoute; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: Method[]; route: RestRoute }
  | { kind: 'not_found' };

/**
 * Match a path under /v1 (e.g. "/links/lnk_1") and method against the table. A path belongs to the
 * most literal paths that match it (/links/bulk is never /links/{id}), so those alone decide its
 * route, or the methods a 405 allows.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const allow: Method[] = [];
  let other: RestRoute | undefined;
  let params = -1;
  for (const c of compiled) {
    const m = c.re.exec(path);
    if (!m) continue;
    if (params >= 0 && c.params.length > params) break;
    params = c.params.length;
    if (c.route.method !== method) {
      if (!allow.includes(c.route.method)) allow.push(c.route.method);
      other ??= c.route;
      continue;
    }
    const values: Record<string, string> = {};
    for (let i = 0; i < c.params.length; i++) {
      let v: string;
      try {
        v = decodeURIComponent(m[i + 1]!);
      } catch {
        return { kind: 'not_found' };
      }
      values[c.params[i]!] = v;
    }
    return { kind: 'route', route: c.route, params: values };
  }
  return other ? { kind: 'method_not_allowed', allow, route: other } : { kind: 'not_found' };
}
