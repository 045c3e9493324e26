import { graphql } from '../gql';

/** One page of the audit log, newest first, with the page's filters. */
export const AuditLogQuery = graphql(`
  query DashboardAuditLog($action: String, $actor_id: String, $target_id: String, $from: String, $to: String, $limit: Int, $cursor: String) {
    auditLog(action: $action, actor_id: $actor_id, target_id: $target_id, from: $from, to: $to, limit: $limit, cursor: $cursor) {
      data {
        id
        at
        action
        actor {
          type
          id
          label
        }
        target {
          type
          id
        }
        request_id
      }
      next_cursor
    }
  }
`);
