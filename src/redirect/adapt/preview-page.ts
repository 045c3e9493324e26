import type { Preview } from '../../domain/preview-schemas.js';
import { escapeHtml, page } from '../pages.js';

export interface PreviewFacts {
  preview: Preview;
  /** The link's title, else its short URL: the card's title when the preview sets none. */
  fallbackTitle: string;
  /** The short URL visited (og:url). */
  url: string;
  /** Whether the domain lets search engines index it (else the page says noindex). */
  crawlable: boolean;
}

const meta = (attr: 'property' | 'name', key: string, value: string | undefined) =>
  value === undefined ? '' : `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

/**
 * The page link-preview crawlers get for a link with `preview`: Open Graph and Twitter card tags,
 * built from one template in which every value is HTML-escaped (attribute and text alike). It shows
 * the preview and the short URL, never the destination (a password-protected link's target stays
 * hidden).
 */
export function previewPage({ preview, fallbackTitle, url, crawlable }: PreviewFacts): string {
  const title = preview.title ?? fallbackTitle;
  const head =
    meta('property', 'og:type', 'website') +
    meta('property', 'og:title', title) +
    meta('property', 'og:description', preview.description) +
    meta('property', 'og:image', preview.image) +
    meta('property', 'og:url', url) +
    meta('name', 'twitter:card', 'summary_large_image') +
    meta('name', 'twitter:title', title) +
    meta('name', 'twitter:description', preview.description) +
    meta('name', 'twitter:image', preview.image) +
    meta('name', 'description', preview.description);
  const body =
    `<h1>${escapeHtml(title)}</h1>` +
    (preview.description === undefined ? '' : `<p>${escapeHtml(preview.description)}</p>`) +
    `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  return page(title, body, head, crawlable);
}
