/** Who wants to hear that a (domain, alias) changed: the redirect cache of this instance, for one. */
export type LinkChangeListener = (domain: string, alias: string) => void;
/** Who wants to hear that a domain's settings changed. */
export type SiteChangeListener = (host: string) => void;

export class LinkEvents {
  private listeners: LinkChangeListener[] = [];
  private siteListeners: SiteChangeListener[] = [];
  on(listener: LinkChangeListener): void {
    this.listeners.push(listener);
  }
  changed(domain: string, alias: string): void {
    for (const l of this.listeners) l(domain, alias);
  }
  onSite(listener: SiteChangeListener): void {
    this.siteListeners.push(listener);
  }
  siteChanged(host: string): void {
    for (const l of this.siteListeners) l(host);
  }
}

/** Something a service did that the record of changes (the audit log) should show. */
export interface OperationalEvent {
  /** e.g. `link.disabled`, `workspace.suspended`, `blocklist.added`, `report.received`, `link.broken`. */
  action: string;
  target: { type: string; id: string };
  /** The workspace concerned, when one is. */
  workspaceId?: string;
}

/** Where services announce what they did (docs/adr/0130); subscribers (the audit log) listen. */
export class OperationalEvents {
  private listeners: ((e: OperationalEvent) => void)[] = [];
  on(listener: (e: OperationalEvent) => void): void {
    this.listeners.push(listener);
  }
  emit(e: OperationalEvent): void {
    for (const l of this.listeners) l(e);
  }
}
