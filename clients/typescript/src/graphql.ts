/**
 * Typed GraphQL for frontends. The types are the ones graphql-codegen generates from
 * schema/schema.graphql (codegen.ts -> src/generated/graphql.ts); they are re-exported here, not
 * duplicated. The documents below are checked against the real server in test/clients.
 *
 *   const { links } = await client.graphql(LinksDocument, { limit: 10 });   // links: LinkList, typed
 */

import type {
  Link,
  LinkList,
  LinkStats,
  Mutation,
  MutationCreateLinkArgs,
  MutationDeleteLinkArgs,
  MutationUpdateLinkArgs,
  Query,
  QueryLinkArgs,
  QueryLinkStatsArgs,
  QueryLinksArgs,
  Workspace,
} from '../../../src/generated/graphql.js';
import type { TypedDocument } from './client.js';

export type * from '../../../src/generated/graphql.js';
export type { TypedDocument } from './client.js';

/** Tag a GraphQL document with its result and variables types. */
export function gql<TData, TVariables extends Record<string, unknown> = Record<string, never>>(source: string): TypedDocument<TData, TVariables> {
  return source as TypedDocument<TData, TVariables>;
}

const LINK_FIELDS = 'id short_url domain alias destination geo_targeting tags clicks created_at updated_at';

export const LinkDocument = gql<{ link: Link }, QueryLinkArgs>(`query Link($id: String!) { link(id: $id) { ${LINK_FIELDS} } }`);

export const LinksDocument = gql<{ links: LinkList }, QueryLinksArgs>(
  `query Links($limit: Int, $cursor: String, $tag: String, $domain: String, $q: String) {
  links(limit: $limit, cursor: $cursor, tag: $tag, domain: $domain, q: $q) { data { ${LINK_FIELDS} } next_cursor }
}`,
);

export const CreateLinkDocument = gql<{ createLink: Mutation['createLink'] }, MutationCreateLinkArgs>(
  `mutation CreateLink($destination: String!, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!]) {
  createLink(destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags) { ${LINK_FIELDS} }
}`,
);

export const UpdateLinkDocument = gql<{ updateLink: Mutation['updateLink'] }, MutationUpdateLinkArgs>(
  `mutation UpdateLink($id: String!, $destination: String, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!]) {
  updateLink(id: $id, destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags) { ${LINK_FIELDS} }
}`,
);

export const DeleteLinkDocument = gql<{ deleteLink: Mutation['deleteLink'] }, MutationDeleteLinkArgs>(
  `mutation DeleteLink($id: String!) { deleteLink(id: $id) }`,
);

export const LinkStatsDocument = gql<{ linkStats: LinkStats }, QueryLinkStatsArgs>(
  `query LinkStats($id: String!, $from: String, $to: String) {
  linkStats(id: $id, from: $from, to: $to) { link_id from to clicks bots by_day { date clicks } by_country { country clicks } by_referrer { host clicks } by_device { device clicks } }
}`,
);

export const WorkspaceDocument = gql<{ workspace: Workspace }, Record<string, never>>(`query Workspace { workspace { id slug plan rate_limit_rpm } }`);

/** Root fields, for building your own documents' result types: `Pick<Query, 'tags'>`. */
export type RootQuery = Query;
