import { builder } from '../builder.js';
import { LinkPreviewScalar, LinkRulesScalar, LinkVariantsScalar, UtmScalar } from './json-scalars.js';
import { urlMapScalar } from './scalars.js';

export const DeviceTargetingScalar = urlMapScalar(
  'DeviceTargeting',
  'Device-to-URL map: keys ios (iPhone, iPad, iPod) and android, values absolute http(s) URLs, e.g. {"ios": "https://apps.apple.com/app/id1"}.',
);

/** Arguments of createLink and updateLink for the behaviour fields (null clears each). */
export const linkBehaviourArgs = builder.args((t) => ({
  title: t.string({ description: '1-200 characters after trimming; null clears.' }),
  external_id: t.string({ description: '1-255 printable ASCII characters without spaces, unique in the workspace; null clears.' }),
  expires_at: t.string({ description: 'ISO 8601 date-time with an offset, in the future; null clears.' }),
  expired_url: t.string({ description: 'Absolute http(s) URL for visitors once expired or exhausted; null clears.' }),
  max_clicks: t.int({ description: '1 to 2,147,483,647 clicks; null clears.' }),
  password: t.string({ description: '4-128 characters; write-only (stored as a salted slow hash); null removes.' }),
  device_targeting: t.field({ type: DeviceTargetingScalar, description: 'ios and/or android -> URL; {} or null clears.' }),
  rules: t.field({ type: LinkRulesScalar, description: 'Ordered redirect rules (first match wins); [] or null clears.' }),
  variants: t.field({ type: LinkVariantsScalar, description: 'A/B variants (weights sum to 100); null clears.' }),
  utm: t.field({ type: UtmScalar, description: 'UTM values set on the target URL; {} or null clears.' }),
  preview: t.field({ type: LinkPreviewScalar, description: 'What link-preview crawlers show; {} or null clears.' }),
}));
