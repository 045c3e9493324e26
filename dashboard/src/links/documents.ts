/** The links area's GraphQL documents (typed by codegen into ../gql). Variables left out of an update are not sent: the API leaves those fields as they are. */
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
    title
    external_id
    status
    expires_at
    expired_url
    max_clicks
    password_protected
    device_targeting
    rules
    variants
    utm
    preview
    created_at
    updated_at
    destination_health {
      status
      http_status
      checked_at
    }
  }
`);

export const LinksQuery = graphql(`
  query DashboardLinks($limit: Int, $cursor: String, $tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter, $sort: LinkSort) {
    links(limit: $limit, cursor: $cursor, tag: $tag, domain: $domain, q: $q, status: $status, health: $health, sort: $sort) {
      data {
        ...LinkFields
      }
      next_cursor
    }
  }
`);

/** How many links the list's filters match. */
export const LinkCountQuery = graphql(`
  query DashboardLinkCount($tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter) {
    linkCount(tag: $tag, domain: $domain, q: $q, status: $status, health: $health) {
      total
    }
  }
`);

/** The workspace's UTM templates, for the link form's picker. */
export const UtmTemplatesQuery = graphql(`
  query DashboardUtmTemplates {
    utmTemplates {
      data {
        id
        name
        source
        medium
        campaign
        term
        content
      }
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
      default_host
    }
  }
`);

export const LinkQuery = graphql(`
  query DashboardLink($id: ID!) {
    link(id: $id) {
      ...LinkFields
    }
  }
`);

export const CreateLinkMutation = graphql(`
  mutation DashboardCreateLink(
    $destination: String!, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!],
    $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting,
    $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview
  ) {
    createLink(
      destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags,
      title: $title, external_id: $external_id, expires_at: $expires_at, expired_url: $expired_url, max_clicks: $max_clicks, password: $password, device_targeting: $device_targeting,
      rules: $rules, variants: $variants, utm: $utm, preview: $preview
    ) {
      ...LinkFields
    }
  }
`);

export const UpdateLinkMutation = graphql(`
  mutation DashboardUpdateLink(
    $id: ID!, $destination: String, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!],
    $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting,
    $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview
  ) {
    updateLink(
      id: $id, destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags,
      title: $title, external_id: $external_id, expires_at: $expires_at, expired_url: $expired_url, max_clicks: $max_clicks, password: $password, device_targeting: $device_targeting,
      rules: $rules, variants: $variants, utm: $utm, preview: $preview
    ) {
      ...LinkFields
    }
  }
`);

export const DeleteLinkMutation = graphql(`
  mutation DashboardDeleteLink($id: ID!) {
    deleteLink(id: $id)
  }
`);
