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
