import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import * as analytics from '../domain/analytics-outputs.js';
import * as audit from '../domain/audit-schemas.js';
import * as bulk from '../domain/bulk-outputs.js';
import * as links from '../domain/link-outputs.js';
import { geoMapSchema } from '../domain/link-schemas.js';
import * as members from '../domain/member-schemas.js';
import * as resources from '../domain/resource-outputs.js';
import * as rules from '../domain/rule-schemas.js';
import * as scheduled from '../domain/scheduled-reports/schemas.js';
import * as shares from '../domain/share-schemas.js';
import { urlSchema } from '../domain/urls.js';
import * as utm from '../domain/utm-schemas.js';
import { variantSchema } from '../domain/variant-schemas.js';
import * as webhooks from '../domain/webhook-outputs.js';
import type { RestRoute } from '../v1/route.js';
import { REST_ROUTES } from '../v1/routes.js';
import { ERROR_SCHEMA } from './errors.js';
import { componentRef, componentSchemas, type Json } from './json-schema.js';

/** What the API returns, by the names the GraphQL schema gives these types. */
const RESOURCES: Record<string, z.ZodType> = {
  Link: links.linkSchema,
  LinkList: links.linkListSchema,
  LinkCount: links.linkCountSchema,
  LinkStats: links.linkStatsSchema,
  DayClicks: links.dayClicksSchema,
  CountryClicks: links.countryClicksSchema,
  ReferrerClicks: links.referrerClicksSchema,
  DeviceClicks: links.deviceClicksSchema,
  BrowserClicks: links.browserClicksSchema,
  OsClicks: links.osClicksSchema,
  Analytics: analytics.analyticsSchema,
  AnalyticsItem: analytics.analyticsItemSchema,
  ClickTotals: analytics.clickTotalsSchema,
  ClickEvent: analytics.clickEventSchema,
  ClickEventList: analytics.clickEventListSchema,
  GeoTargeting: geoMapSchema,
  HttpUrl: urlSchema,
  Tag: resources.tagSchema,
  TagList: resources.tagListSchema,
  Domain: resources.domainSchema,
  DomainList: resources.domainListSchema,
  ApiKey: resources.apiKeySchema,
  ApiKeyList: resources.apiKeyListSchema,
  CreatedApiKey: resources.createdApiKeySchema,
  Plan: resources.planSchema,
  Workspace: resources.workspaceSchema,
  BulkLinkResults: bulk.bulkLinkResultsSchema,
  BulkLinkResult: bulk.bulkLinkResultSchema,
  BulkDeleteResult: bulk.bulkDeleteResultSchema,
  Member: members.memberSchema,
  MemberList: members.memberListSchema,
  Invite: members.inviteSchema,
  InviteList: members.inviteListSchema,
  CreatedInvite: members.createdInviteSchema,
  Role: members.updateMemberSchema.shape.role,
  WebhookEndpoint: webhooks.webhookEndpointSchema,
  WebhookEndpointList: webhooks.webhookEndpointListSchema,
  WebhookEndpointWithSecret: webhooks.webhookEndpointWithSecretSchema,
  WebhookDelivery: webhooks.webhookDeliverySchema,
  WebhookDeliveryList: webhooks.webhookDeliveryListSchema,
  UtmTemplate: utm.utmTemplateSchema,
  UtmTemplateList: utm.utmTemplateListSchema,
  ScheduledReport: scheduled.reportOutputSchema,
  ScheduledReportPage: scheduled.reportPageSchema,
  ScheduledReportSent: scheduled.reportSentSchema,
  AnalyticsShare: shares.analyticsShareSchema,
  AnalyticsShareList: shares.analyticsShareListSchema,
  LinkRule: rules.linkRuleSchema,
  LinkVariant: variantSchema,
  AuditLog: audit.auditPageSchema,
  AuditEntry: audit.auditEntrySchema,
};

export const operationId = (route: RestRoute): string => route.field.split('.')[1]!;

/** The component of a route's request body: createLink -> CreateLinkRequest. */
export function requestComponent(route: RestRoute): string {
  const id = operationId(route);
  return `${id.charAt(0).toUpperCase()}${id.slice(1)}Request`;
}

/** The component of a route's success body. */
export function responseComponent(route: RestRoute): string | undefined {
  if (!route.response) return undefined;
  const name = Object.keys(RESOURCES).find((n) => RESOURCES[n] === route.response);
  if (!name) throw new Error(`OpenAPI: the response schema of ${route.field} is not a named resource`);
  return name;
}

/** The map's 249 properties are each the URL rule: one $ref instead of 249 copies of its pattern. */
function referToUrls(map: Json, url: Json): void {
  for (const [key, value] of Object.entries(map.properties as Json)) {
    if (!isDeepStrictEqual(value, url)) throw new Error(`OpenAPI: GeoTargeting.${key} is not the URL rule`);
    map.properties[key] = { $ref: componentRef('HttpUrl') };
  }
}

/**
 * zod writes a nullable reference as `{nullable: true, allOf: [{$ref}]}`; OpenAPI 3.0 reads `nullable`
 * only beside a `type`, so the referenced component's type is stated too.
 */
function typeNullableRefs(node: Json, all: Record<string, Json>): void {
  if (!node || typeof node !== 'object') return;
  if (node.nullable && !node.type && node.allOf?.length === 1 && node.allOf[0].$ref) {
    const name = String(node.allOf[0].$ref).split('/').pop()!;
    node.type = all[name]?.type;
  }
  for (const child of Object.values(node)) typeNullableRefs(child as Json, all);
}

/**
 * components.schemas: resources as responses read them, request bodies as requests read them (both
 * from the zod schemas the service applies), and the error envelope. A name on both sides must be
 * the same schema.
 */
export function componentsSchemas(): Record<string, Json> {
  const responses = componentSchemas(RESOURCES, 'output');
  const bodies = Object.fromEntries(REST_ROUTES.filter((r) => r.body).map((r) => [requestComponent(r), r.docBody ?? r.body!]));
  const requests = componentSchemas({ GeoTargeting: geoMapSchema, HttpUrl: urlSchema, ...bodies }, 'input');
  for (const [name, schema] of Object.entries(requests)) {
    if (responses[name] && !isDeepStrictEqual(responses[name], schema)) throw new Error(`OpenAPI: ${name} differs between requests and responses`);
  }
  const all: Record<string, Json> = { ...responses, ...requests, Error: ERROR_SCHEMA };
  referToUrls(all.GeoTargeting!, all.HttpUrl!);
  for (const schema of Object.values(all)) typeNullableRefs(schema, all);
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}
