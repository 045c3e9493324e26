import { headerProblem, rowBody } from '../csv/link-columns.js';
import { isoDate, shortLinkParts, tagList, text } from './fields.js';

/** What a record of an export becomes: a createLink body and the short link it had there, or why not. */
export type Draft = { body: Record<string, unknown>; origin: string | undefined } | { problem: string };

export interface Source {
  name: SourceName;
  /** How the file is read: CSV with a header row, or JSON (an array, or an object with the array under `key`). */
  file: { kind: 'csv' } | { kind: 'json'; key: string };
  /** Hosts of the tool's own shared short domains: their links move to the workspace's default domain. */
  sharedHosts: readonly string[];
  /** A problem with the header (CSV), or null. */
  header?(keys: readonly string[]): string | null;
  draft(fields: Record<string, unknown>): Draft;
}

export const SOURCE_NAMES = ['bitly', 'dub', 'shlink', 'yourls', 'kutt', 'rebrandly', 'csv'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

const required = (what: string) => ({ problem: `no ${what}` });

/** `host/path` from a domain and a path, when both are there. */
const joinLink = (host: string | undefined, path: string | undefined) => (host && path ? `${host}/${path}` : undefined);

const BITLY_HOSTS = ['bit.ly', 'bitly.com', 'j.mp'];
const DUB_HOSTS = ['dub.sh', 'dub.link'];
const KUTT_HOSTS = ['kutt.it'];
const REBRANDLY_HOSTS = ['rebrand.ly'];

/**
 * A link from a short link and its fields: the short link's host is kept as the link's domain
 * (unless it is one of the tool's shared hosts) and its path as the alias.
 */
function fromShortLink(sharedHosts: readonly string[], link: string | undefined, fields: Omit<Record<string, unknown>, 'domain' | 'alias'>): Draft {
  if (!fields.destination) return required('destination URL');
  const parts = shortLinkParts(link);
  if (link && !parts) return { problem: `the short link "${link}" is not a URL with a path` };
  const body: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (parts) {
    body.alias = parts.alias;
    if (!sharedHosts.includes(parts.host)) body.domain = parts.host;
  }
  return { body, origin: parts ? `${parts.host}/${parts.alias}` : undefined };
}

/** Every source lsk imports from; docs/import.md names the export each reads and where it is documented. */
export const SOURCES: Record<SourceName, Source> = {
  bitly: {
    name: 'bitly',
    file: { kind: 'csv' },
    sharedHosts: BITLY_HOSTS,
    draft: (f) =>
      fromShortLink(BITLY_HOSTS, text(f, 'link', 'bitlink', 'short_link', 'id'), {
        destination: text(f, 'long_url', 'destination_url', 'url'),
        title: text(f, 'title'),
        tags: tagList(text(f, 'tags')),
      }),
  },
  dub: {
    name: 'dub',
    file: { kind: 'csv' },
    sharedHosts: DUB_HOSTS,
    draft: (f) =>
      fromShortLink(DUB_HOSTS, text(f, 'short_link', 'shortlink') ?? joinLink(text(f, 'domain'), text(f, 'key')), {
        destination: text(f, 'destination_url', 'url'),
        title: text(f, 'title'),
        tags: tagList(text(f, 'tags')),
      }),
  },
  shlink: {
    name: 'shlink',
    file: { kind: 'csv' },
    sharedHosts: [],
    draft: (f) => {
      // Shlink's export leaves `domain` empty for its default domain; the short URL still names it.
      const code = text(f, 'shortcode');
      const link = text(f, 'domain') && code ? joinLink(text(f, 'domain'), code) : undefined;
      const draft = fromShortLink([], link ?? text(f, 'shorturl'), {
        destination: text(f, 'longurl'),
        title: text(f, 'title'),
        tags: tagList(text(f, 'tags')),
      });
      if ('body' in draft && !text(f, 'domain')) delete draft.body.domain;
      return draft;
    },
  },
  yourls: {
    name: 'yourls',
    file: { kind: 'csv' },
    sharedHosts: [],
    draft: (f) => {
      const keyword = text(f, 'keyword');
      const destination = text(f, 'url');
      if (!destination) return required('url');
      if (!keyword) return required('keyword');
      const body: Record<string, unknown> = { destination, alias: keyword };
      const title = text(f, 'title');
      if (title) body.title = title;
      return { body, origin: `yourls/${keyword}` };
    },
  },
  kutt: {
    name: 'kutt',
    file: { kind: 'json', key: 'data' },
    sharedHosts: KUTT_HOSTS,
    draft: (f) =>
      fromShortLink(KUTT_HOSTS, text(f, 'link') ?? joinLink(text(f, 'domain') ?? 'kutt.it', text(f, 'address')), {
        destination: text(f, 'target'),
        title: text(f, 'description'),
        expires_at: isoDate(text(f, 'expire_in')),
      }),
  },
  rebrandly: {
    name: 'rebrandly',
    file: { kind: 'json', key: 'links' },
    sharedHosts: REBRANDLY_HOSTS,
    draft: (f) => {
      const domain = f.domain && typeof f.domain === 'object' ? text(f.domain as Record<string, unknown>, 'fullName') : undefined;
      return fromShortLink(REBRANDLY_HOSTS, text(f, 'shortUrl') ?? joinLink(domain, text(f, 'slashtag')), {
        destination: text(f, 'destination'),
        title: text(f, 'title'),
        tags: tagList(f.tags),
      });
    },
  },
  csv: {
    name: 'csv',
    file: { kind: 'csv' },
    sharedHosts: [],
    header: headerProblem,
    draft: (f) => {
      const r = rowBody(f as Record<string, string>);
      if ('problem' in r) return r;
      const origin = typeof r.body.alias === 'string' ? `${String(r.body.domain ?? '')}/${r.body.alias}` : undefined;
      return { body: r.body, origin };
    },
  },
};
