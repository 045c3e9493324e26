import type { Json } from './json-schema.js';

/** Examples of the shared analytics components (docs/adr/0215). */
const SHARE = {
  id: 'shr_7Hk2Lm9Qx4Rt1Vb8Nc3Z',
  url: null,
  link_id: null,
  tag: 'spring',
  domain: null,
  expires_at: '2027-01-31T23:59:59.000Z',
  created_at: '2026-11-21T10:15:00.123Z',
  created_by: { type: 'user', id: 'usr_4Gd8kLm2Qx7Rt1Vb9Nc3', label: 'ana@example.com' },
};

export const SHARE_EXAMPLES: Record<string, Json> = {
  CreateAnalyticsShareRequest: { tag: 'spring', expires_at: '2027-01-31T23:59:59Z' },
  AnalyticsShare: { ...SHARE, url: 'https://lsk.example.com/dashboard/share/4kTMd9sQ0pX1bY7zA2cWq8Rt' },
  AnalyticsShareList: { data: [SHARE], next_cursor: null },
};
