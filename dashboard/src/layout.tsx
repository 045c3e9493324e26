import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { useCan, useSession } from './auth/session-context';
import { currentPath, href } from './router';
import { Icon, type IconName } from './ui/icons';

/** `admin`: shown to owners and admins only (the API refuses the others anyway). */
const NAV: { path: string; label: string; icon: IconName; admin?: true }[] = [
  { path: '/links', label: 'Links', icon: 'link' },
  { path: '/tags', label: 'Tags', icon: 'tag' },
  { path: '/analytics', label: 'Analytics', icon: 'chart' },
  { path: '/reports', label: 'Reports', icon: 'chart' },
  { path: '/domains', label: 'Domains', icon: 'globe' },
  { path: '/utm-templates', label: 'UTM templates', icon: 'tag' },
  { path: '/keys', label: 'API keys', icon: 'key' },
  { path: '/members', label: 'Members', icon: 'users' },
  { path: '/workspace', label: 'Workspace', icon: 'home' },
  { path: '/account', label: 'Account', icon: 'user' },
  { path: '/webhooks', label: 'Webhooks', icon: 'webhook' },
  { path: '/audit', label: 'Audit log', icon: 'list', admin: true },
];

function WorkspaceSwitcher() {
  const { session, workspace, switchWorkspace } = useSession();
  if (session.workspaces.length < 2) {
    return (
      <span class="ws" title={`Your role: ${workspace.role}`}>
        {workspace.slug} <span class="badge">{workspace.role}</span>
      </span>
    );
  }
  return (
    <label class="ws">
      <span class="visually-hidden">Workspace</span>
      <select value={workspace.slug} onChange={(e) => switchWorkspace((e.target as HTMLSelectElement).value)}>
        {session.workspaces.map((w) => (
          <option key={w.id} value={w.slug}>
            {w.slug} ({w.role})
          </option>
        ))}
      </select>
    </label>
  );
}

export function Layout({ children }: { children: ComponentChildren }) {
  const path = currentPath();
  const can = useCan();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // After an in-app navigation, keyboard and screen-reader users start at the new page's content
  // (a layout effect: focus moves in the same commit that shows the page, never a frame later).
  useLayoutEffect(() => {
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [path]);
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={href('/links')}>
          lsk
        </a>
        <WorkspaceSwitcher />
      </header>
      <nav class="side" aria-label="Sections">
        <ul>
          {NAV.filter((n) => !n.admin || can.admin).map((n) => (
            <li key={n.path}>
              <a href={href(n.path)} aria-current={path === n.path || path.startsWith(`${n.path}/`) ? 'page' : undefined}>
                <Icon name={n.icon} /> {n.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} ref={main}>
        {children}
      </main>
    </>
  );
}
