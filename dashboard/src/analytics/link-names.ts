/**
 * A link chip of a shared address (`?link_id=lnk_…`) reads as the link's title (else its short URL), as a chip picked
 * in the page does: ids no panel has named yet are asked for, once each per page load. An id the API
 * answers as no link of this workspace (or refuses to read) reads "Unknown link"; one it could not
 * answer (the network) keeps its id.
 */
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api/graphql';
import { graphql } from '../gql';
import { linkNamed, onLinksNamed, rememberLink, rememberUnknownLink } from './link-labels';

export const LinkNameQuery = graphql(`
  query DashboardLinkName($id: ID!) {
    link(id: $id) {
      id
      short_url
      title
    }
  }
`);

/** At most this many lookups per view (a shared address rarely names more than a few links). */
const LOOKUPS = 20;
/** Refusals that are about the id (no such link here, not yours to read); others (the network, a limit) are not. */
const ABOUT_THE_ID = new Set(['not_found', 'forbidden', 'insufficient_scope', 'validation_failed']);
const asked = new Set<string>();

async function lookUp(id: string): Promise<void> {
  try {
    const { link } = await gql(LinkNameQuery, { id });
    if (link) rememberLink(id, link.short_url, link.title);
    else rememberUnknownLink(id);
  } catch (e) {
    if (ABOUT_THE_ID.has((e as { code?: string }).code ?? '')) rememberUnknownLink(id);
  }
}

/**
 * Asks for the names of `ids` no answer has named; the caller renders again when they arrive, and
 * when any other answer (a Links panel's rows) names a link. `ask: false` (a shared page, which has
 * no session to read a link with) only waits for the answers.
 */
export function useLinkNames(ids: readonly string[], ask = true): void {
  const [, named] = useState(0);
  useEffect(() => onLinksNamed(() => named((n) => n + 1)), []);
  const missing = ask ? ids.filter((id) => !linkNamed(id) && !asked.has(id)).slice(0, LOOKUPS) : [];
  const key = missing.join(' ');
  useEffect(() => {
    if (missing.length === 0) return;
    for (const id of missing) asked.add(id);
    void Promise.all(missing.map(lookUp)).then(() => named((n) => n + 1));
  }, [key]);
}
