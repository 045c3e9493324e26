/**
 * What the report form's link picker asks `links(q:)` for (a substring of alias, title or
 * destination): the text as typed, and, when it reads as a short URL (`go.example.com/spring`,
 * with or without `https://`), its last path segment too, which is the alias.
 */
export interface LinkSearchTerms {
  q: string;
  alias: string;
  byAlias: boolean;
}

export function searchTerms(typed: string): LinkSearchTerms {
  const q = typed.trim();
  const path = q.replace(/^https?:\/\//i, '').split(/[?#]/)[0] ?? '';
  const slash = path.lastIndexOf('/');
  const alias = slash >= 0 ? decodeSafely(path.slice(slash + 1)) : '';
  return { q, alias, byAlias: alias !== '' && alias !== q };
}

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export interface FoundLink {
  id: string;
  short_url: string;
  title?: string | null;
  destination: string;
}

/** The links to offer: those found by alias first (a short URL typed), then by the text, each once, at most `max`. */
export function offered(byAlias: readonly FoundLink[], byText: readonly FoundLink[], max = 8): FoundLink[] {
  const seen = new Set<string>();
  return [...byAlias, ...byText].filter((l) => !seen.has(l.id) && seen.add(l.id)).slice(0, max);
}
