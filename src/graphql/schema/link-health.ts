import { HEALTH_STATUSES } from '../../domain/link-outputs.js';
import type { HealthView } from '../../domain/link-view.js';
import { builder } from '../builder.js';
import { LinkType } from './link.js';
import { DateTimeScalar } from './scalars.js';

/** destination_health on links: what the periodic checks of the link's targets found. */

export const HealthStatusEnum = builder.enumType('HealthStatus', {
  description: 'ok; broken (two checks in a row failed); unknown (not checked yet since the targets were set).',
  values: HEALTH_STATUSES,
});

export const DestinationHealthType = builder.objectRef<HealthView>('DestinationHealth').implement({
  description: "The last checks of the link's targets (destination, geo and device targets, expired URL): HEAD, else GET, every LSK_HEALTH_INTERVAL_H hours.",
  fields: (t) => ({
    status: t.expose('status', { type: HealthStatusEnum, description: 'ok, broken or unknown.' }),
    http_status: t.exposeInt('http_status', {
      nullable: true,
      description: 'The HTTP status of the failing target (or of the destination when all answered); null when none came.',
    }),
    checked_at: t.expose('checked_at', {
      type: DateTimeScalar,
      nullable: true,
      description: 'When the targets were last checked; null before the first check.',
    }),
  }),
});

builder.objectFields(LinkType, (t) => ({
  destination_health: t.expose('destination_health', {
    type: DestinationHealthType,
    description: "Whether the link's targets answer: two failed checks in a row make it broken (and send link.broken).",
  }),
}));
