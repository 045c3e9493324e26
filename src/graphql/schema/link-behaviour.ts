import { builder } from '../builder.js';
import { LinkStatusEnum } from './enums.js';
import { LinkPreviewScalar, LinkRulesScalar, LinkVariantsScalar, UtmScalar } from './json-scalars.js';
import { LinkType } from './link.js';
import { DeviceTargetingScalar } from './link-behaviour-args.js';
import { DateTimeScalar } from './scalars.js';

/** The link's behaviour fields: expiry, click cap, password, device targets, title and external id. */

builder.objectFields(LinkType, (t) => ({
  title: t.exposeString('title', { nullable: true, description: 'Display title (1-200 characters) or null.' }),
  external_id: t.exposeString('external_id', {
    nullable: true,
    description: 'Your own id of the link, unique in the workspace; `ext_<external_id>` stands for the link id in paths and link(id).',
  }),
  expires_at: t.expose('expires_at', { type: DateTimeScalar, nullable: true, description: 'ISO 8601 UTC time after which the link is expired, or null.' }),
  expired_url: t.exposeString('expired_url', { nullable: true, description: 'Where visitors go once the link is expired or exhausted (else 410).' }),
  max_clicks: t.exposeInt('max_clicks', { nullable: true, description: 'Clicks after which the link is exhausted, or null.' }),
  password_protected: t.exposeBoolean('password_protected', { description: 'Whether visitors must enter a password first.' }),
  device_targeting: t.expose('device_targeting', { type: DeviceTargetingScalar, description: 'Device-specific targets (always an object).' }),
  status: t.expose('status', { type: LinkStatusEnum, description: 'active, expired or exhausted.' }),
  rules: t.expose('rules', { type: LinkRulesScalar, nullable: true, description: 'Redirect rules, in order, as given; null when none.' }),
  variants: t.expose('variants', { type: LinkVariantsScalar, nullable: true, description: 'A/B variants as given; null when none.' }),
  utm: t.expose('utm', { type: UtmScalar, nullable: true, description: 'UTM values set on the target URL; null when none.' }),
  preview: t.expose('preview', { type: LinkPreviewScalar, nullable: true, description: 'The social preview crawlers get; null when none.' }),
}));
