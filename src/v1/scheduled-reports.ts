import { idParamSchema } from '../domain/ids.js';
import {
  createReportSchema,
  listReportsSchema,
  reportOutputSchema,
  reportPageSchema,
  reportSentSchema,
  updateReportSchema,
} from '../domain/scheduled-reports/schemas.js';
import type { RestRoute } from './route.js';

const REPORT_ID = { id: idParamSchema('rpt') };

/** Scheduled analytics reports by email (docs/adr/0219): analytics:read to list, links:write to change and send. */
export const SCHEDULED_REPORT_ROUTES: readonly RestRoute[] = [
  {
    field: 'Mutation.createAnalyticsReport',
    method: 'POST',
    path: '/analytics/reports',
    status: 201,
    tag: 'analytics',
    summary: 'Schedule an analytics report by email',
    body: createReportSchema,
    location: (d) => `/v1/analytics/reports/${String(d.id)}`,
    response: reportOutputSchema,
  },
  {
    field: 'Query.analyticsReports',
    method: 'GET',
    path: '/analytics/reports',
    status: 200,
    tag: 'analytics',
    summary: 'List scheduled analytics reports',
    query: listReportsSchema,
    queryParams: Object.keys(listReportsSchema.shape),
    response: reportPageSchema,
  },
  {
    field: 'Query.analyticsReport',
    method: 'GET',
    path: '/analytics/reports/:id',
    status: 200,
    tag: 'analytics',
    summary: 'Get a scheduled analytics report',
    params: REPORT_ID,
    response: reportOutputSchema,
  },
  {
    field: 'Mutation.updateAnalyticsReport',
    method: 'PATCH',
    path: '/analytics/reports/:id',
    status: 200,
    tag: 'analytics',
    summary: 'Change a scheduled analytics report',
    body: updateReportSchema,
    params: REPORT_ID,
    response: reportOutputSchema,
  },
  {
    field: 'Mutation.deleteAnalyticsReport',
    method: 'DELETE',
    path: '/analytics/reports/:id',
    status: 204,
    tag: 'analytics',
    summary: 'Delete a scheduled analytics report',
    params: REPORT_ID,
  },
  {
    field: 'Mutation.sendAnalyticsReport',
    method: 'POST',
    path: '/analytics/reports/:id/send',
    status: 200,
    tag: 'analytics',
    summary: 'Send a scheduled analytics report now',
    params: REPORT_ID,
    response: reportSentSchema,
  },
];
