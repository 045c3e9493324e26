/** The links area's GraphQL documents (typed by codegen into ../gql). */
import { graphql } from '../gql';

export const LinkFieldsFragment = graphql(`
  fragment LinkFields on Link {
    id
    short_url
    domain
    alias
    destination
    geo_targeting
    tags
    clicks
    created_at
    updated_at
  }
`);

export const LinksQuery = graphql(`
  query DashboardLinks($limit: Int, $cursor: String, $tag: String, $domain: String, $q: String) {
    links(limit: $limit, cursor: $cursor, tag: $tag, domain: $domain, q: $q) {
      data {
        ...LinkFields
      }
      next_cursor
    }
  }
`);

/** The filters' choices: the workspace's tags and domains. */
export const LinkFiltersQuery = graphql(`
  query DashboardLinkFilters {
    tags {
      data {
        name
      }
    }
    domains {
      data {
        host
      }
    }
  }
`);

export const LinkQuery = graphql(`
  query DashboardLink($id: String!) {
    link(id: $id) {
      ...LinkFields
    }
  }
`);

export const LinkStatsQuery = graphql(`
  query DashboardLinkStats($id: String!, $from: String, $to: String) {
    linkStats(id: $id, from: $from, to: $to) {
      from
      to
      clicks
      bots
      by_day {
        date
        clicks
      }
      by_country {
        country
        clicks
      }
      by_referrer {
        host
        clicks
      }
      by_browser {
        browser
        clicks
      }
      by_os {
        os
        clicks
      }
      by_device {
        device
        clicks
      }
    }
  }
`);

export const CreateLinkMutation = graphql(`
  mutation DashboardCreateLink($destination: String!, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!]) {
    createLink(destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags) {
      ...LinkFields
    }
  }
`);

export const UpdateLinkMutation = graphql(`
  mutation DashboardUpdateLink($id: String!, $destination: String, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!]) {
    updateLink(id: $id, destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags) {
      ...LinkFields
    }
  }
`);

export const DeleteLinkMutation = graphql(`
  mutation DashboardDeleteLink($id: String!) {
    deleteLink(id: $id)
  }
`);
