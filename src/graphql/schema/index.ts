import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { type GraphQLSchema, getNullableType, lexicographicSortSchema } from 'graphql';
import { builder } from '../builder.js';
import './scalars.js';
import './link.js';
import './link-stats.js';
import './analytics.js';
import './analytics-share.js';
import './shared-analytics.js';
import './click-events.js';
import './row-links.js';
import './link-behaviour.js';
import './link-health.js';
import './link-qr.js';
import './link-bulk.js';
import './workspace.js';
import './workspace-settings.js';
import './members.js';
import './viewer.js';
import './node.js';
import './tag-links.js';
import './webhook.js';
import './domain-settings.js';
import './utm-template.js';
import './audit.js';
import './scheduled-report.js';

/**
 * The one schema: GraphQL at /graphql and, through Sofa, REST at /v1. Every Query root field is
 * nullable, so one refused or failed field answers null with its error while the others still
 * answer (REST reads one field and answers its error as before).
 */
export function buildSchema(): GraphQLSchema {
  const nullableQueries = mapSchema(builder.toSchema(), {
    [MapperKind.QUERY_ROOT_FIELD]: (field) => ({ ...field, type: getNullableType(field.type) }),
  });
  return lexicographicSortSchema(nullableQueries);
}
