import { graphql } from '../gql';

/** The scheduled analytics reports' documents (docs/adr/0219). */

export const ReportsQuery = graphql(`
  query DashboardAnalyticsReports {
    analyticsReports {
      data {
        id
        frequency
        timezone
        link_id
        tag
        domain
        recipients
        next_run_at
        last_sent_at
        email_enabled
      }
    }
  }
`);

export const ReportMembersQuery = graphql(`
  query DashboardReportMembers {
    members {
      data {
        user_id
        email
      }
    }
  }
`);

export const CreateReportMutation = graphql(`
  mutation DashboardCreateAnalyticsReport(
    $frequency: ReportFrequency!
    $timezone: String
    $link_id: String
    $tag: String
    $domain: String
    $recipients: [String!]!
  ) {
    createAnalyticsReport(frequency: $frequency, timezone: $timezone, link_id: $link_id, tag: $tag, domain: $domain, recipients: $recipients) {
      id
    }
  }
`);

export const SendReportMutation = graphql(`
  mutation DashboardSendAnalyticsReport($id: ID!) {
    sendAnalyticsReport(id: $id) {
      id
      recipients
      period_from
      period_to
    }
  }
`);

export const DeleteReportMutation = graphql(`
  mutation DashboardDeleteAnalyticsReport($id: ID!) {
    deleteAnalyticsReport(id: $id)
  }
`);

export const UpdateReportFrequencyMutation = graphql(`
  mutation DashboardUpdateAnalyticsReportFrequency($id: ID!, $frequency: ReportFrequency!) {
    updateAnalyticsReport(id: $id, frequency: $frequency) {
      id
    }
  }
`);

/** The report form's link picker: links whose alias, title or destination holds the text (and the alias of a short URL typed). */
export const ReportLinkSearchQuery = graphql(`
  query DashboardReportLinkSearch($q: String!, $alias: String!, $byAlias: Boolean!) {
    links(q: $q, limit: 8) {
      data {
        id
        short_url
        title
        destination
      }
    }
    byAlias: links(q: $alias, limit: 8) @include(if: $byAlias) {
      data {
        id
        short_url
        title
        destination
      }
    }
  }
`);
