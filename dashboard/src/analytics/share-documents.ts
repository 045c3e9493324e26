import { graphql } from '../gql';

/** Shared read-only analytics (docs/adr/0215): the workspace's shares (at most 100: one page), made, listed and revoked. */
export const AnalyticsSharesQuery = graphql(`
  query DashboardAnalyticsShares {
    analyticsShares(limit: 100) {
      data {
        id
        link_id
        tag
        domain
        expires_at
        created_at
        created_by {
          label
        }
      }
      next_cursor
    }
  }
`);

export const CreateAnalyticsShareMutation = graphql(`
  mutation DashboardCreateAnalyticsShare($link_id: ID, $tag: String, $domain: String, $expires_at: String) {
    createAnalyticsShare(link_id: $link_id, tag: $tag, domain: $domain, expires_at: $expires_at) {
      id
      url
    }
  }
`);

export const DeleteAnalyticsShareMutation = graphql(`
  mutation DashboardDeleteAnalyticsShare($id: ID!) {
    deleteAnalyticsShare(id: $id)
  }
`);

/** The public page's one read: what `analytics` answers, within the share, by its token alone. */
export const SharedAnalyticsQuery = graphql(`
  query DashboardSharedAnalytics(
    $token: String!
    $group_by: AnalyticsGroupBy
    $from: String
    $to: String
    $interval: AnalyticsInterval
    $timezone: String
    $limit: Int
    $filter: ClickFilter
    $compare: AnalyticsCompare
  ) {
    sharedAnalytics(
      token: $token
      group_by: $group_by
      from: $from
      to: $to
      interval: $interval
      timezone: $timezone
      limit: $limit
      filter: $filter
      compare: $compare
    ) {
      kind
      label
      expires_at
      analytics {
        ...AnalyticsAnswer
      }
    }
  }
`);
