/**
 * The short URL a link in the form will have, written by the service's own code (`shortUrl`, which
 * builds every link's short_url): http for a loopback host such as a self-hosted default domain
 * `localhost:8080`, https otherwise. The default domain is the one the API names (`default_host`);
 * until it answers, a placeholder.
 */
import { shortUrl } from '../../../src/domain/field-rules.js';

export function draftShortUrl(draft: { domain: string; alias: string }, defaultHost: string | undefined): string {
  return shortUrl(draft.domain.trim() || defaultHost || 'your-domain', draft.alias.trim() || 'alias');
}
