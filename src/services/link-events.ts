/** Who wants to hear that a (domain, alias) changed: the redirect cache of this instance, for one. */
export type LinkChangeListener = (domain: string, alias: string) => void;

export class LinkEvents {
  private listeners: LinkChangeListener[] = [];
  on(listener: LinkChangeListener): void {
    this.listeners.push(listener);
  }
  changed(domain: string, alias: string): void {
    for (const l of this.listeners) l(domain, alias);
  }
}
