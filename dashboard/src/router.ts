/**
 * A small history router: real URLs under /dashboard/, so every page reloads at its own address.
 * Routes are patterns like `/links/:id/edit`; links are plain <a href> that navigate() intercepts.
 */
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/dashboard';

export type Params = Record<string, string>;

const listeners = new Set<() => void>();

/** Goes to `to` (a new history entry unless `replace`); a new page starts at its top unless `keepScroll` (the same page in another state). */
export function navigate(to: string, replace = false, keepScroll = false): void {
  const url = to.startsWith(BASE) ? to : `${BASE}${to}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  for (const l of listeners) l();
  if (!keepScroll) window.scrollTo(0, 0);
}

/** The path below /dashboard (`/links/lnk_1`), '/' for the root. */
export function currentPath(): string {
  const p = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : location.pathname;
  return p === '' ? '/' : p.replace(/\/+$/, '') || '/';
}

export function useLocation(): { path: string; search: URLSearchParams } {
  const [, tick] = useState(0);
  useEffect(() => {
    const update = () => tick((n) => n + 1);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return { path: currentPath(), search: new URLSearchParams(location.search) };
}

/** Params of `pattern` when `path` matches it. */
export function match(pattern: string, path: string): Params | null {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return null;
  const params: Params = {};
  for (let i = 0; i < a.length; i++) {
    const seg = a[i]!;
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(b[i]!);
    else if (seg !== b[i]) return null;
  }
  return params;
}

/** Same-page links navigate without a reload; modified clicks (new tab) stay the browser's. */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin || !a.pathname.startsWith(BASE)) return;
    e.preventDefault();
    navigate(a.pathname + a.search);
  });
}

export function href(path: string): string {
  return `${BASE}${path}`;
}
