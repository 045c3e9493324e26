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
