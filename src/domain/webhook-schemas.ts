import { CURSOR_FORM, intParam } from './link-schemas.js';
import { displayTextSchema } from './text.js';
import { urlSchema } from './urls.js';
import { z } from './zod.js';

/** Events an endpoint may subscribe to (`webhook.test` is sent on request, to any endpoint). */
export const SUBSCRIBABLE_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.clicked', 'link.broken', 'link.recovered'] as const;
export const EVENT_TYPES = [...SUBSCRIBABLE_EVENTS, 'webhook.test'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const WEBHOOK_URL_MAX = 2048;

/** A webhook target: the link destination rule, at most 2,048 characters (its host is checked against private addresses by the service). */
export const webhookUrlSchema = urlSchema.refine((v) => v.length <= WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`);

export const webhookEventsSchema = z
  .array(z.enum(SUBSCRIBABLE_EVENTS))
  .min(1, 'must list at least one event')
  .max(SUBSCRIBABLE_EVENTS.length)
  .transform((v) => [...new Set(v)]);

export const webhookDescriptionSchema = displayTextSchema(1, 500);

/** POST /v1/webhooks, createWebhook(...). */
export const createWebhookSchema = z.strictObject({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  description: webhookDescriptionSchema.nullish().transform((v) => v ?? null),
});

/** PATCH /v1/webhooks/{id}, updateWebhook(...): any subset. */
export const updateWebhookSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  description: webhookDescriptionSchema.nullable().optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookInput = z.output<typeof updateWebhookSchema>;

/** GET /v1/webhooks/{id}/deliveries. */
export const listDeliveriesSchema = z.strictObject({
  limit: intParam(1, 100, 20)
    .nullish()
    .transform((v) => v ?? 20),
  cursor: z.string().min(1, 'must not be empty (leave it out for the first page)').meta(CURSOR_FORM).nullish(),
});
