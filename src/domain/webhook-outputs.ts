import { prefixedIdSchema } from './ids.js';
import { nextCursorSchema, timeSchema } from './link-outputs.js';
import { visibleTextSchema } from './text.js';
import { EVENT_TYPES, SUBSCRIBABLE_EVENTS } from './webhook-schemas.js';
import { z } from './zod.js';

/** What the API returns about webhook endpoints and deliveries (OpenAPI and the API tests' checks). */

export const webhookEndpointSchema = z.object({
  id: prefixedIdSchema('whk'),
  url: z.url({ protocol: /^https?$/ }),
  events: z.array(z.enum(SUBSCRIBABLE_EVENTS)).min(1),
  description: visibleTextSchema(1, 500).nullable(),
  enabled: z.boolean(),
  created_at: timeSchema,
});
export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) });

export const WEBHOOK_SECRET_PATTERN = '^whsec_[A-Za-z0-9+/]{43}=$';
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string().regex(new RegExp(WEBHOOK_SECRET_PATTERN)) });

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: prefixedIdSchema('dlv'),
  event_type: z.enum(EVENT_TYPES),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int32().min(0),
  last_status_code: z.int32().min(100).max(599).nullable(),
  last_error: z.string().nullable(),
  last_duration_ms: z.int32().min(0).nullable(),
  next_attempt_at: timeSchema.nullable(),
  created_at: timeSchema,
  delivered_at: timeSchema.nullable(),
});
export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema).max(100),
  next_cursor: nextCursorSchema,
});
