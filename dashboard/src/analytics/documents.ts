import { graphql } from '../gql';

export const AnalyticsQuery = graphql(`
  query DashboardAnalytics($group_by: String, $from: String, $to: String, $interval: String, $timezone: String, $limit: Int, $link_id: String, $tag: String, $domain: String) {
    analytics(group_by: $group_by, from: $from, to: $to, interval: $interval, timezone: $timezone, limit: $limit, link_id: $link_id, tag: $tag, domain: $domain) {
      group_by
      from
      to
      interval
      timezone
      total {
        clicks
        bots
      }
      data {
        key
        clicks
        alias
        short_url
      }
    }
  }
`);
