/** The webhooks area's GraphQL documents (typed by codegen into ../gql). */
import { graphql } from '../gql';

/** The events an endpoint can subscribe to (webhook.test is sent on request only). */
export const EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.clicked'] as const;

export const WebhookFieldsFragment = graphql(`
  fragment WebhookFields on WebhookEndpoint {
    id
    url
    events
    description
    enabled
    created_at
  }
`);

export const WebhooksQuery = graphql(`
  query DashboardWebhooks {
    webhooks {
      data {
        ...WebhookFields
      }
    }
  }
`);

export const WebhookQuery = graphql(`
  query DashboardWebhook($id: ID!) {
    webhook(id: $id) {
      ...WebhookFields
    }
  }
`);

export const WebhookDeliveriesQuery = graphql(`
  query DashboardWebhookDeliveries($id: ID!, $limit: Int, $cursor: String) {
    webhookDeliveries(id: $id, limit: $limit, cursor: $cursor) {
      data {
        id
        event_type
        status
        attempts
        last_status_code
        last_error
        last_duration_ms
        next_attempt_at
        created_at
        delivered_at
      }
      next_cursor
    }
  }
`);

export const CreateWebhookMutation = graphql(`
  mutation DashboardCreateWebhook($url: String!, $events: [String!]!, $description: String) {
    createWebhook(url: $url, events: $events, description: $description) {
      id
      secret
    }
  }
`);

export const UpdateWebhookMutation = graphql(`
  mutation DashboardUpdateWebhook($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {
    updateWebhook(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {
      ...WebhookFields
    }
  }
`);

export const DeleteWebhookMutation = graphql(`
  mutation DashboardDeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

export const RotateWebhookSecretMutation = graphql(`
  mutation DashboardRotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      id
      secret
    }
  }
`);

export const TestWebhookMutation = graphql(`
  mutation DashboardTestWebhook($id: ID!) {
    testWebhook(id: $id) {
      id
    }
  }
`);

export const RetryWebhookDeliveryMutation = graphql(`
  mutation DashboardRetryWebhookDelivery($id: ID!, $delivery_id: ID!) {
    retryWebhookDelivery(id: $id, delivery_id: $delivery_id) {
      id
      status
    }
  }
`);
