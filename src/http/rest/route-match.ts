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
  | { kind: 'method_not_allowed'; allow: string[]; route: RestRoute }
  | { kind: 'not_found' };

/**
 * Match a path under /v1 (e.g. "/links/lnk_1") and method against the table. A path belongs to the
 * most literal paths that match it (/links/bulk is never /links/{id}), so those alone decide its
 * route, or the methods a 405 allows. HEAD is GET without the body (RFC 9110 §9.3.2): it takes the
 * GET route, and a 405 allows it wherever GET is.
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const wanted = method === 'HEAD' ? 'GET' : method;
  const allow: Method[] = [];
  let other: RestRoute | undefined;
  let params = -1;
  for (const c of compiled) {
    const m = c.re.exec(path);
    if (!m) continue;
    if (params >= 0 && c.params.length > params) break;
    params = c.params.length;
    if (c.route.method !== wanted) {
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
  return other ? { kind: 'method_not_allowed', allow: allow.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), route: other } : { kind: 'not_found' };
}
