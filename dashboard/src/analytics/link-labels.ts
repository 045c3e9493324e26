/**
 * What a link filter value reads as, from the links answers have named: a chip shows the link's
 * title where it has one (as the Links panel and recent clicks do), else its short URL; an id the
 * API answered as no link of this workspace reads "Unknown link"; one no answer named keeps its id.
 */
import { UNKNOWN_LINK } from './unknown-values.js';

/** A short URL as the dashboard shows it, without its scheme: `go.example.com/spring`. */
export const bareShortUrl = (url: string): string => url.replace(/^https?:\/\//, '');

/**
 * The one way a titled link is named in words, wherever a title and short URL are said together (a
 * row's or chip's accessible name and tooltip, a CSV label): `Spring sale · go.example.com/spring`;
 * a link without a title is its short URL. A middle dot, as the dashboard's other joined values: a
 * comma would run into a title's own commas, and axe's label-in-name check refuses a name that puts
 * the visible short URL in parentheses.
 */
export function linkName(short: string, title?: string | null): string {
  const t = title?.trim();
  return t ? `${t} · ${short}` : short;
}

/** Short URLs without the scheme, and titles, of links seen in answers. */
const shortUrls = new Map<string, string>();
const titles = new Map<string, string>();
/** Ids the API answered as no link of this workspace (link-names.ts). */
const unknownLinks = new Set<string>();

/** Called (once per task) when an answer names a link no answer had named as it now reads. */
const listeners = new Set<() => void>();
let told = false;
function tell(): void {
  if (told) return;
  told = true;
  queueMicrotask(() => {
    told = false;
    for (const l of listeners) l();
  });
}
/** Calls `listener` after answers have named new links; the returned function stops it. */
export function onLinksNamed(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Remembers a link an answer named; a `null` title (the link has none) forgets one, `undefined` (not asked) keeps it. */
export function rememberLink(id: string, shortUrl: string | null | undefined, title?: string | null): void {
  const before = `${shortUrls.get(id)} ${titles.get(id)}`;
  if (shortUrl) shortUrls.set(id, bareShortUrl(shortUrl));
  if (title?.trim()) titles.set(id, title.trim());
  else if (title !== undefined) titles.delete(id);
  if (`${shortUrls.get(id)} ${titles.get(id)}` !== before) tell();
}
export function rememberUnknownLink(id: string): void {
  if (!shortUrls.has(id)) unknownLinks.add(id);
}
/** A link's short URL without the scheme (`go.example.com/spring`), once an answer has named it. */
export const linkShortUrl = (id: string): string | undefined => shortUrls.get(id);
/** Whether a link chip has more to read than its id. */
export const linkNamed = (id: string) => shortUrls.has(id) || unknownLinks.has(id);
/** A link as a value: its short URL, "Unknown link", or its id. */
export const linkLabel = (id: string): string => shortUrls.get(id) ?? (unknownLinks.has(id) ? UNKNOWN_LINK : id);

/** A link chip's value: `shown` is its title where it has one, `said` (its accessible name and tooltip) the link's name (`linkName`). */
export function linkChipName(id: string): { shown: string; said: string } {
  const short = linkLabel(id);
  const title = titles.get(id);
  return { shown: title ?? short, said: linkName(short, title) };
}
