import { graphql } from '../gql';

/**
 * What the overview reads of an analytics answer: the window, the totals, the previous period and
 * each row. The Analytics page (analytics) and a share's public page (sharedAnalytics) select it
 * alike, so both pages draw the very same answer.
 */
export const AnalyticsAnswerFragment = graphql(`
  fragment AnalyticsAnswer on Analytics {
    group_by
    from
    to
    interval
    timezone
    total {
      clicks
      bots
    }
    previous {
      from
      to
      total {
        clicks
        bots
      }
    }
    data {
      key
      clicks
      previous_clicks
      alias
      short_url
      hosts
    }
  }
`);

/**
 * One grouping (or the time series) of clicks over a window, filtered: every panel and the chart ask
 * this. Top links also name their link's title; a share's page, which reads without a key, does not.
 */
export const AnalyticsQuery = graphql(`
  query DashboardAnalytics(
    $group_by: AnalyticsGroupBy
    $from: String
    $to: String
    $interval: AnalyticsInterval
    $timezone: String
    $limit: Int
    $filter: ClickFilter
    $compare: AnalyticsCompare
  ) {
    analytics(group_by: $group_by, from: $from, to: $to, interval: $interval, timezone: $timezone, limit: $limit, filter: $filter, compare: $compare) {
      ...AnalyticsAnswer
      data {
        link {
          id
          title
        }
      }
    }
  }
`);

/** The recent clicks table: people's clicks one by one, newest first, a page at a time. */
export const ClickEventsQuery = graphql(`
  query DashboardClickEvents($from: String, $to: String, $timezone: String, $limit: Int, $cursor: String, $filter: ClickFilter) {
    clickEvents(from: $from, to: $to, timezone: $timezone, limit: $limit, cursor: $cursor, filter: $filter) {
      data {
        timestamp
        link_id
        short_url
        link {
          id
          title
        }
        country
        region
        city
        device
        browser
        os
        referrer
        referrer_url
        utm_source
        utm_medium
        utm_campaign
        trigger
        language
      }
      next_cursor
    }
  }
`);
