import type { Delivery, WebhookEndpoint } from '../../storage/webhooks/repository.js';
import type { DeliveryPage } from '../../webhooks/service.js';
import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { WebhookDeliveryStatusEnum } from './enums.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

type WithSecret = { endpoint: WebhookEndpoint; secret: string };

const endpointFields = <T>(get: (x: T) => WebhookEndpoint) =>
  ((t) => ({
    id: t.id({ description: 'Opaque id, e.g. whk_3kTMd9sQ0pX1bY7zA2cW.', resolve: (x) => get(x).id }),
    url: t.string({ description: 'Where events are POSTed.', resolve: (x) => get(x).url }),
    events: t.stringList({ description: 'Subscribed events: link.created, link.updated, link.deleted, link.clicked.', resolve: (x) => get(x).events }),
    description: t.string({ nullable: true, description: 'Free text for your own use.', resolve: (x) => get(x).description }),
    enabled: t.boolean({ description: 'False once disabled by you, by a 410 answer, or after 5 days of failures.', resolve: (x) => get(x).enabled }),
    created_at: t.string({ description: 'ISO 8601 UTC time.', resolve: (x) => get(x).createdAt.toISOString() }),
  })) satisfies Parameters<ReturnType<typeof builder.objectRef<T>>['implement']>[0]['fields'];

const WebhookEndpointType = builder.objectRef<WebhookEndpoint>('WebhookEndpoint').implement({
  description: 'A URL that receives signed events (Standard Webhooks).',
  fields: endpointFields<WebhookEndpoint>((e) => e),
});

const WebhookEndpointWithSecretType = builder.objectRef<WithSecret>('WebhookEndpointWithSecret').implement({
  description: 'A webhook endpoint with its signing secret, shown this once.',
  fields: (t) => ({
    ...endpointFields<WithSecret>((c) => c.endpoint)(t),
    secret: t.string({ description: 'whsec_ + base64 of 32 random bytes: verifies the webhook-signature header.', resolve: (c) => c.secret }),
  }),
});

const WebhookDeliveryType = builder.objectRef<Delivery>('WebhookDelivery').implement({
  description: 'One event for one endpoint, and how its delivery went.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Opaque id, e.g. dlv_3kTMd9sQ0pX1bY7zA2cW.' }),
    event_type: t.exposeString('eventType', { description: 'link.created, link.updated, link.deleted, link.clicked or webhook.test.' }),
    status: t.field({ type: WebhookDeliveryStatusEnum, description: 'pending, delivered or failed.', resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far.' }),
    last_status_code: t.int({ nullable: true, description: 'HTTP status of the last answer; null when none came.', resolve: (d) => d.lastStatusCode }),
    last_error: t.string({ nullable: true, description: 'Why the last attempt failed.', resolve: (d) => d.lastError }),
    last_duration_ms: t.int({ nullable: true, description: 'How long the last attempt took, in milliseconds.', resolve: (d) => d.lastDurationMs }),
    next_attempt_at: t.string({ nullable: true, description: 'When the next attempt is due (pending only).', resolve: (d) => iso(d.nextAttemptAt) }),
    created_at: t.string({ description: 'When the event happened.', resolve: (d) => d.createdAt.toISOString() }),
    delivered_at: t.string({ nullable: true, description: 'When a 2xx answer came.', resolve: (d) => iso(d.deliveredAt) }),
  }),
});

const WebhookEndpointListType = builder
  .objectRef<{ data: WebhookEndpoint[] }>('WebhookEndpointList')
  .implement({ fields: (t) => ({ data: t.field({ type: [WebhookEndpointType], resolve: (x) => x.data }) }) });

const WebhookDeliveryListType = builder.objectRef<DeliveryPage>('WebhookDeliveryList').implement({
  description: 'One page of deliveries, newest first.',
  fields: (t) => ({
    data: t.field({ type: [WebhookDeliveryType], resolve: (p) => p.data }),
    next_cursor: t.string({ nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.', resolve: (p) => p.nextCursor }),
  }),
});

const URL_TEXT = 'http(s) URL whose host is not a private, loopback, link-local or metadata address.';
const EVENTS_TEXT = 'Any of link.created, link.updated, link.deleted, link.clicked.';

builder.queryFields((t) => ({
  webhooks: t.withAuth({ scope: 'webhooks:read' }).field({
    type: WebhookEndpointListType,
    description: 'Webhook endpoints of your workspace (never their secrets).',
    resolve: async (_r, _a, ctx) => ({ data: await ctx.services.webhooks.service.list(ctx.caller) }),
  }),
  webhook: t.withAuth({ scope: 'webhooks:read' }).field({
    type: WebhookEndpointType,
    description: 'One webhook endpoint.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.webhooks.service.get(ctx.caller, args.id),
  }),
  webhookDeliveries: t.withAuth({ scope: 'webhooks:read' }).field({
    type: WebhookDeliveryListType,
    description: 'Deliveries of one endpoint, newest first.',
    args: {
      id: t.arg.id({ required: true }),
      limit: t.arg.int({ description: '1 to 100, default 20.' }),
      cursor: t.arg.string({ description: 'next_cursor of the previous page.' }),
    },
    resolve: (_r, { id, ...page }, ctx) => ctx.services.webhooks.service.deliveries(ctx.caller, id, page),
  }),
}));

builder.mutationFields((t) => ({
  createWebhook: t.withAuth({ scope: 'webhooks:write' }).field({
    nullable: true,
    type: WebhookEndpointWithSecretType,
    description: 'Add a webhook endpoint; its signing secret is returned this once.',
    args: {
      url: t.arg.string({ required: true, description: URL_TEXT }),
      events: t.arg.stringList({ required: true, description: EVENTS_TEXT }),
      description: t.arg.string({ description: '1-500 characters.' }),
    },
    resolve: (_r, args, ctx) => ctx.services.webhooks.service.create(ctx.caller, inputOf(ctx, args)),
  }),
  updateWebhook: t.withAuth({ scope: 'webhooks:write' }).field({
    nullable: true,
    type: WebhookEndpointType,
    description: "Change any subset of an endpoint's url, events, description and enabled.",
    args: {
      id: t.arg.id({ required: true }),
      url: t.arg.string({ description: URL_TEXT }),
      events: t.arg.stringList({ description: EVENTS_TEXT }),
      description: t.arg.string({ description: '1-500 characters; null clears.' }),
      enabled: t.arg.boolean({ description: 'false pauses deliveries; true resumes them.' }),
    },
    resolve: (_r, { id, ...rest }, ctx) => ctx.services.webhooks.service.update(ctx.caller, id, inputOf(ctx, rest)),
  }),
  deleteWebhook: t.withAuth({ scope: 'webhooks:write' }).boolean({
    nullable: true,
    description: 'Delete an endpoint and its deliveries.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) => {
      await ctx.services.webhooks.service.delete(ctx.caller, args.id);
      return true;
    },
  }),
  rotateWebhookSecret: t.withAuth({ scope: 'webhooks:write' }).field({
    nullable: true,
    type: WebhookEndpointWithSecretType,
    description: 'Replace the signing secret; the old one keeps signing beside the new one for 24 hours.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.webhooks.service.rotateSecret(ctx.caller, args.id),
  }),
  testWebhook: t.withAuth({ scope: 'webhooks:write' }).field({
    nullable: true,
    type: WebhookDeliveryType,
    description: 'Send a webhook.test event to the endpoint.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.webhooks.service.test(ctx.caller, args.id),
  }),
  retryWebhookDelivery: t.withAuth({ scope: 'webhooks:write' }).field({
    nullable: true,
    type: WebhookDeliveryType,
    description: 'Send a delivery again now, with the same webhook-id.',
    args: { id: t.arg.id({ required: true }), delivery_id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => ctx.services.webhooks.service.retry(ctx.caller, args.id, args.delivery_id),
  }),
}));
