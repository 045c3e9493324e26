import type { Json } from './json-schema.js';

/** Examples of the scheduled analytics reports (docs/adr/0219), merged into examples.ts. */
const REPORT = {
  id: 'rpt_5Hk2Lm8Qx1Rt7Vb3Nc9D',
  frequency: 'weekly',
  timezone: 'Europe/Berlin',
  link_id: null,
  tag: 'campaign',
  domain: null,
  recipients: ['usr_2Bc4De6Fg8Hj0Kl2Mn4P'],
  next_run_at: '2026-11-30T07:00:00.000Z',
  last_sent_at: '2026-11-23T07:00:00.000Z',
  created_at: '2026-11-02T09:30:00.000Z',
  email_enabled: true,
};

export const REPORT_EXAMPLES: Record<string, Json> = {
  CreateAnalyticsReportRequest: { frequency: 'weekly', timezone: 'Europe/Berlin', tag: 'campaign', recipients: ['ana@example.com'] },
  UpdateAnalyticsReportRequest: { frequency: 'monthly', tag: null },
  ScheduledReport: REPORT,
  ScheduledReportPage: { data: [REPORT], next_cursor: null },
  ScheduledReportSent: { id: REPORT.id, recipients: 1, period_from: '2026-11-16', period_to: '2026-11-22' },
};
