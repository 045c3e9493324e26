import type { Link } from '../../domain/model.js';
import { builder } from '../builder.js';
import { LinkStatusEnum } from './enums.js';
import { LinkPreviewScalar, LinkRulesScalar, LinkVariantsScalar, UtmScalar } from './json-scalars.js';
import { LinkType } from './link.js';
import { DeviceTargetingScalar } from './link-behaviour-args.js';
import { DateTimeScalar } from './scalars.js';

/** The link's behaviour fields: expiry, click cap, password, device targets, title and external id. */

builder.objectFields(LinkType, (t) => ({
  title: t.string({ nullable: true, description: 'Display title (1-200 characters) or null.', resolve: (l) => l.title }),
  external_id: t.string({
    nullable: true,
    description: 'Your own id of the link, unique in the workspace; `ext_<external_id>` stands for the link id in paths and link(id).',
    resolve: (l) => l.externalId,
  }),
  expires_at: t.field({
    type: DateTimeScalar,
    nullable: true,
    description: 'ISO 8601 UTC time after which the link is expired, or null.',
    resolve: (l) => l.expiresAt,
  }),
  expired_url: t.string({ nullable: true, description: 'Where visitors go once the link is expired or exhausted (else 410).', resolve: (l) => l.expiredUrl }),
  max_clicks: t.int({ nullable: true, description: 'Clicks after which the link is exhausted, or null.', resolve: (l) => l.maxClicks }),
  password_protected: t.boolean({ description: 'Whether visitors must enter a password first.', resolve: (l) => l.passwordHash !== null }),
  device_targeting: t.field({ type: DeviceTargetingScalar, description: 'Device-specific targets (always an object).', resolve: (l) => l.deviceTargeting }),
  status: t.field({ type: LinkStatusEnum, description: 'active, expired or exhausted.', resolve: (l: Link) => l.status }),
  rules: t.field({ type: LinkRulesScalar, nullable: true, description: 'Redirect rules, in order, as given; null when none.', resolve: (l) => l.rules }),
  variants: t.field({ type: LinkVariantsScalar, nullable: true, description: 'A/B variants as given; null when none.', resolve: (l) => l.variants }),
  utm: t.field({ type: UtmScalar, nullable: true, description: 'UTM values set on the target URL; null when none.', resolve: (l) => l.utm }),
  preview: t.field({ type: LinkPreviewScalar, nullable: true, description: 'The social preview crawlers get; null when none.', resolve: (l) => l.preview }),
}));
