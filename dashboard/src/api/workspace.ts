/** The workspace the dashboard acts in (sent as `Lsk-Workspace`), remembered per browser. */
const KEY = 'lsk.workspace';

let current: string | null = readStored();

function readStored(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function currentWorkspace(): string | null {
  return current;
}

export function setCurrentWorkspace(slug: string | null): void {
  current = slug;
  try {
    if (slug) localStorage.setItem(KEY, slug);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
