import { FILTER_VALUE_MAX, FILTER_VALUES_MAX } from '../../domain/analytics-schemas.js';
import { FILTER_FIELDS, type FilterField } from '../../domain/click-fields.js';
import { SOURCE_KINDS } from '../../domain/referrer-sources/kinds.js';
import { builder } from '../builder.js';

const FieldFilterInput = builder.inputType('FieldFilter', {
  description: `A filter on one recorded value: clicks whose value is among \`in\` and not among \`not_in\` (each a list of 1 to ${FILTER_VALUES_MAX} values of at most ${FILTER_VALUE_MAX} characters).`,
  fields: (t) => ({
    in: t.stringList({ description: 'Only clicks with one of these values.' }),
    not_in: t.stringList({ description: 'No clicks with any of these values (a click without a value passes).' }),
  }),
});

const DESCRIPTIONS: Partial<Record<FilterField, string>> = {
  referrer: 'Referrer host; (direct) for visits without a referrer.',
  referrer_url: 'Referrer URL (scheme, host and path); (direct) for visits without a referrer.',
  region: 'ISO 3166-2 code, e.g. DE-BE.',
  continent: 'AF, AN, AS, EU, NA, OC or SA.',
  trigger: 'qr (a QR code was scanned) or link.',
  language: "Primary subtag of the visitor's first Accept-Language entry, e.g. de.",
  link_id: 'Link ids (lnk_… or ext_<external_id>); 404 when one is not yours.',
  tag: 'Tags (case-insensitive): clicks of links carrying one of them.',
  domain: 'The domain the link was served on when clicked.',
  referrer_source:
    'Referrer sources as group_by: referrer_sources names them: a source name (Google, X, any case), (direct), or a host no source claims; the hosts of each window are resolved first. A claimed host or no host: validation_failed.',
  referrer_kind: `Kinds of referrer source: ${SOURCE_KINDS.join(', ')}.`,
};

/** analytics(filter:) and clickEvents(filter:): one optional FieldFilter per field, combined with AND. */
export const ClickFilterInput = builder.inputType('ClickFilter', {
  description: 'Filters on the recorded values of clicks and on links, combined with AND (zod: clickFilterSchema).',
  fields: (t) =>
    Object.fromEntries(FILTER_FIELDS.map((f) => [f, t.field({ type: FieldFilterInput, ...(DESCRIPTIONS[f] ? { description: DESCRIPTIONS[f] } : {}) })])),
});
