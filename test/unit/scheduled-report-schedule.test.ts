/** When scheduled reports go and what they cover (docs/adr/0219): local 08:00 through DST changes, weeks across years, months. */
import { describe, expect, it } from 'vitest';
import { isoDate, latestDue, nextRunAfter } from '../../src/domain/scheduled-reports/schedule.js';
import { changeLabel, escapeHtml, rangeLabel, reportHtml, reportSubject } from '../../src/services/scheduled-reports/report-email.js';

const t = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('report schedule', () => {
  it('goes weekly on Monday 08:00 local, in winter and in summer time', () => {
    expect(iso(nextRunAfter('weekly', 'Europe/Berlin', t('2026-10-21T12:00:00Z')))).toBe('2026-10-26T07:00:00.000Z');
    expect(iso(nextRunAfter('weekly', 'Europe/Berlin', t('2026-10-14T12:00:00Z')))).toBe('2026-10-19T06:00:00.000Z');
    expect(iso(nextRunAfter('weekly', 'America/New_York', t('2026-03-04T12:00:00Z')))).toBe('2026-03-09T12:00:00.000Z');
    expect(iso(nextRunAfter('weekly', 'UTC', t('2026-11-23T08:00:00Z')))).toBe('2026-11-30T08:00:00.000Z');
  });

  it('covers the Monday to Sunday before, including the week clocks change, from 08:00 on', () => {
    const before = latestDue('weekly', 'Europe/Berlin', t('2026-03-30T05:59:59Z'));
    expect([before.key, isoDate(before.from), isoDate(before.to)]).toEqual(['w:2026-03-16', '2026-03-16', '2026-03-22']);
    const at = latestDue('weekly', 'Europe/Berlin', t('2026-03-30T06:00:00Z'));
    expect([at.key, isoDate(at.from), isoDate(at.to), iso(at.sendAt)]).toEqual(['w:2026-03-23', '2026-03-23', '2026-03-29', '2026-03-30T06:00:00.000Z']);
    const newYear = latestDue('weekly', 'Asia/Tokyo', t('2027-01-04T00:00:00Z'));
    expect([isoDate(newYear.from), isoDate(newYear.to)]).toEqual(['2026-12-28', '2027-01-03']);
  });

  it('goes monthly on the 1st 08:00 local for the calendar month before', () => {
    expect(iso(nextRunAfter('monthly', 'Europe/Berlin', t('2026-03-10T00:00:00Z')))).toBe('2026-04-01T06:00:00.000Z');
    expect(iso(nextRunAfter('monthly', 'Europe/Berlin', t('2026-10-10T00:00:00Z')))).toBe('2026-11-01T07:00:00.000Z');
    const jan = latestDue('monthly', 'America/Los_Angeles', t('2027-01-01T16:00:00Z'));
    expect([jan.key, isoDate(jan.from), isoDate(jan.to)]).toEqual(['m:2026-12', '2026-12-01', '2026-12-31']);
    const notYet = latestDue('monthly', 'America/Los_Angeles', t('2027-01-01T15:59:00Z'));
    expect(notYet.key).toBe('m:2026-11');
    const feb = latestDue('monthly', 'UTC', t('2028-03-01T08:00:00Z'));
    expect(isoDate(feb.to)).toBe('2028-02-29');
  });
});

describe('report email', () => {
  const figures = {
    workspace: '<b>acme</b>',
    scopeLabel: 'the links tagged "x" & y',
    from: { year: 2026, month: 10, day: 16 },
    to: { year: 2026, month: 10, day: 22 },
    timezone: 'Europe/Berlin',
    clicks: 1234,
    previousClicks: 1100,
    links: [{ label: 'https://go.example/<script>', clicks: 3 }],
    sources: [],
    countries: [{ label: 'DE', clicks: 1234 }],
    dashboardUrl: 'https://lsk.example/dashboard/analytics?range=custom&from=2026-11-16',
  };

  it('says the range, the total and its change in the subject', () => {
    expect(reportSubject({ ...figures, workspace: 'acme' })).toBe('acme — clicks 16–22 Nov: 1,234 (▲ 12 %)');
    expect(rangeLabel({ year: 2026, month: 9, day: 26 }, { year: 2026, month: 10, day: 1 })).toBe('26 Oct–1 Nov');
    expect(rangeLabel({ year: 2026, month: 11, day: 28 }, { year: 2027, month: 0, day: 3 })).toBe('28 Dec 2026–3 Jan 2027');
    expect([changeLabel(90, 100), changeLabel(5, 0), changeLabel(0, 0), changeLabel(100, 100)]).toEqual(['▼ 10 %', '▲ new', '= 0 %', '= 0 %']);
  });

  it('escapes every value in the HTML and loads nothing from elsewhere', () => {
    const html = reportHtml(figures);
    expect(html).toContain('&lt;b&gt;acme&lt;/b&gt;');
    expect(html).toContain('https://go.example/&lt;script&gt;');
    expect(html).toContain('&quot;x&quot; &amp; y');
    expect(html).toContain('href="https://lsk.example/dashboard/analytics?range=custom&amp;from=2026-11-16"');
    expect(html).not.toMatch(/<script|<img|<link|src=|url\(/i);
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });
});
