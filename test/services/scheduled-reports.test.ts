/**
 * Scheduled reports on the injectable clock, on both stores, sent through a real SMTP server
 * (smtp-server) by the real mailer: the first Monday 08:00 in the report's zone, once across two
 * service instances, again after the lease when a send failed, the latest period only after missed
 * ones, removed members and deleted links (docs/adr/0219).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { ManualClock } from '../../src/domain/clock.js';
import { LskError } from '../../src/domain/errors.js';
import { newId } from '../../src/domain/ids.js';
import { REPORT_LEASE_MS } from '../../src/services/scheduled-reports/report-sender.js';
import type { Services } from '../../src/wiring/all-services.js';
import { buildServices } from '../../src/wiring/build-services.js';
import { hcDims, type OpenedStore, openStore, STORE_KINDS } from '../contract/_harness.js';
import { as, TEST_ACTING } from '../support/caller.js';
import { readMessage } from '../support/mime.js';
import { freePort } from '../support/server.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

const h = (iso: string) => Date.parse(iso);
const D = 'localhost:8080';

describe.each(STORE_KINDS)('scheduled reports on %s', (kind) => {
  let smtp: TestSmtp;
  let opened: OpenedStore | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  let n = 0;
  /** Wednesday 18 November 2026, 10:00 in Berlin. */
  const clock = new ManualClock(h('2026-11-18T09:00:00Z'));
  const build = (smtpUrl: string | null) =>
    buildServices(loadConfig({ DATABASE_URL: 'file::memory:', ...(smtpUrl ? { LSK_SMTP_URL: smtpUrl } : {}) }), { clock, repos: opened!.repos });

  async function setUp(smtpUrl: string | null = smtp.url) {
    clock.set(h('2026-11-18T09:00:00Z'));
    opened = await openStore(kind, { clock });
    const services: Services = await build(smtpUrl);
    const slug = `acme-${kind}-${++n}`;
    const ws = (await services.workspaces.create(TEST_ACTING, slug, 'standard')).id;
    const member = async (email: string) => {
      const user = await opened!.repos.users.create({ id: newId('usr'), email, name: email, passwordHash: null, createdAt: clock.now() });
      await opened!.repos.members.add({ workspaceId: ws, userId: user.id, role: 'member', createdAt: clock.now() });
      return user;
    };
    const ana = await member(`ana.${slug}@example.com`);
    const bo = await member(`bo.${slug}@example.com`);
    const link = (await services.links.create(as(ws), { destination: 'https://example.com/', alias: `spring-${n}`, tags: ['Campaign'] })).id;
    await opened.repos.clicks.record({
      events: [],
      hours: [
        // The week before: 9 to 15 November (Berlin): 7 clicks.
        hcDims(link, ws, h('2026-11-10T10:00:00Z'), 7, 0, { country: { FR: 7 } }, D),
        // The week reported, 16 to 22 November: 8 clicks (▲ 14 %), one of them late on Sunday night in Berlin.
        hcDims(link, ws, h('2026-11-17T10:00:00Z'), 5, 0, { country: { DE: 5 }, referrer: { 'www.google.com': 5 } }, D),
        hcDims(link, ws, h('2026-11-22T22:00:00Z'), 3, 0, { country: { US: 3 } }, D),
        // Monday 23 November after midnight in Berlin: the next week.
        hcDims(link, ws, h('2026-11-23T00:00:00Z'), 40, 0, { country: { US: 40 } }, D),
      ],
    });
    const recipients = () => smtp.messages.filter((m) => m.to.some((t) => t.includes(slug)));
    return { services, ws, slug, ana, bo, link, delivered: () => recipients().map((m) => readMessage(m.raw)) };
  }

  it('sends a weekly report at the first Monday 08:00 in its zone, for Monday to Sunday before, once', async () => {
    const { services, ws, slug, ana, bo, delivered } = await setUp();
    const r = await services.scheduledReports.create(as(ws), { frequency: 'weekly', timezone: 'Europe/Berlin', recipients: [ana.id, bo.email.toUpperCase()] });
    expect(r.id).toMatch(/^rpt_/);
    expect(r.recipients).toEqual([ana.id, bo.id]);
    expect(r.nextRunAt).toEqual(new Date('2026-11-23T07:00:00Z'));
    clock.set(h('2026-11-23T06:59:59Z'));
    expect(await services.reportSender.sweep()).toBe(0);
    clock.set(h('2026-11-23T07:00:00Z'));
    expect(await services.reportSender.sweep()).toBe(1);
    expect(await services.reportSender.sweep()).toBe(0);
    const [mail, ...more] = delivered();
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`${slug} — clicks 16–22 Nov: 8 (▲ 14 %)`);
    expect(mail!.to).toContain(ana.email);
    expect(mail!.to).toContain(bo.email);
    const text = mail!.parts['text/plain']!;
    expect(text).toContain('the period before: 7');
    expect(text).toMatch(/5 {2}DE\r?\n\s+3 {2}US/);
    expect(text).toContain('Google');
    expect(text).toContain('range=custom&from=2026-11-16&to=2026-11-22&tz=Europe%2FBerlin&compare=previous');
    expect(mail!.parts['text/html']).toContain('<table');
    const after = await services.scheduledReports.get(as(ws), r.id);
    expect(after.nextRunAt).toEqual(new Date('2026-11-30T07:00:00Z'));
    expect(after.lastSentAt).toEqual(new Date('2026-11-23T07:00:00Z'));
  });

  it('sends a period once when two instances sweep the same store at once', async () => {
    const { services, ws, ana, delivered } = await setUp();
    const other = await build(smtp.url);
    await services.scheduledReports.create(as(ws), { frequency: 'weekly', timezone: 'Europe/Berlin', recipients: [ana.id] });
    clock.set(h('2026-11-23T07:00:30Z'));
    const sent = await Promise.all([services.reportSender.sweep(), other.reportSender.sweep(), other.reportSender.sweep()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(delivered()).toHaveLength(1);
  });

  it('takes a period again after the lease when the instance that claimed it failed to send', async () => {
    const { services, ws, ana, delivered } = await setUp();
    // An instance whose SMTP server is down: it claims the period, and its send fails.
    const broken = await build(`smtp://nobody:nothing@127.0.0.1:${await freePort()}`);
    const r = await services.scheduledReports.create(as(ws), { frequency: 'weekly', timezone: 'Europe/Berlin', recipients: [ana.id] });
    clock.set(h('2026-11-23T07:00:00Z'));
    expect(await broken.reportSender.sweep()).toBe(0);
    expect(await opened!.repos.scheduledReports.claims(r.id, 'w:2026-11-16')).toMatchObject([{ take: 0, endedAt: null }]);
    clock.advance(REPORT_LEASE_MS - 1000);
    expect(await services.reportSender.sweep()).toBe(0);
    expect(delivered()).toEqual([]);
    clock.advance(1000);
    expect(await services.reportSender.sweep()).toBe(1);
    expect(delivered()).toHaveLength(1);
    expect((await opened!.repos.scheduledReports.claims(r.id, 'w:2026-11-16')).map((c) => [c.take, c.endedAt !== null])).toEqual([
      [0, false],
      [1, true],
    ]);
  });

  it('after missed periods sends the latest only', async () => {
    const { services, ws, ana, delivered } = await setUp();
    await services.scheduledReports.create(as(ws), { frequency: 'weekly', timezone: 'Europe/Berlin', recipients: [ana.id] });
    // Down for three Mondays: the sweep runs again on Wednesday 9 December.
    clock.set(h('2026-12-09T12:00:00Z'));
    expect(await services.reportSender.sweep()).toBe(1);
    expect(await services.reportSender.sweep()).toBe(0);
    expect(delivered().map((m) => m.subject.split(' — ')[1])).toEqual(['clicks 30 Nov–6 Dec: 0 (▼ 100 %)']);
    expect((await services.scheduledReports.list(as(ws))).data[0]!.nextRunAt).toEqual(new Date('2026-12-14T07:00:00Z'));
  });

  it('runs monthly on the 1st 08:00 local across a DST change, for the calendar month before', async () => {
    const { services, ws, ana, delivered } = await setUp();
    clock.set(h('2026-03-10T12:00:00Z'));
    const r = await services.scheduledReports.create(as(ws), { frequency: 'monthly', timezone: 'Europe/Berlin', recipients: [ana.id] });
    // Summer time from 29 March: 08:00 in Berlin on 1 April is 06:00 UTC.
    expect(r.nextRunAt).toEqual(new Date('2026-04-01T06:00:00Z'));
    clock.set(h('2026-04-01T05:59:00Z'));
    expect(await services.reportSender.sweep()).toBe(0);
    clock.set(h('2026-04-01T06:00:00Z'));
    expect(await services.reportSender.sweep()).toBe(1);
    expect(delivered()[0]!.subject).toContain('clicks 1–31 Mar: 0');
    expect((await services.scheduledReports.get(as(ws), r.id)).nextRunAt).toEqual(new Date('2026-05-01T06:00:00Z'));
  });

  it('leaves out a removed member, and deleting the scoped link deletes the report', async () => {
    const { services, ws, ana, bo, link, delivered } = await setUp();
    const all = await services.scheduledReports.create(as(ws), { frequency: 'weekly', timezone: 'Europe/Berlin', recipients: [ana.id, bo.id] });
    const scoped = await services.scheduledReports.create(as(ws), { frequency: 'weekly', link_id: link, recipients: [ana.id] });
    await opened!.repos.members.remove(ws, bo.id);
    clock.set(h('2026-11-23T07:00:00Z'));
    const sent = await services.scheduledReports.sendNow(as(ws), all.id);
    expect(sent.recipients).toBe(1);
    expect(delivered()[0]!.to).not.toContain(bo.email);
    await services.links.delete(as(ws), link);
    await expect.poll(async () => (await services.scheduledReports.list(as(ws))).data.map((r) => r.id)).toEqual([all.id]);
    await expect(services.scheduledReports.get(as(ws), scoped.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it("sends nothing for a suspended workspace's period, and the next period once it is lifted", async () => {
    const { services, ws, slug, ana, delivered } = await setUp();
    const r = await services.scheduledReports.create(as(ws), { frequency: 'weekly', timezone: 'Europe/Berlin', recipients: [ana.id] });
    // The decisions reach this instance by its poll, as another instance's would (every 10 ms here).
    const ignore = () => {};
    services.abuse.start(ignore, ignore, 10);
    onTestFinished(() => services.abuse.stop());
    await services.abuseOperator.suspend(slug, 'spam');
    await expect.poll(() => services.abuse.suspended(ws)).toBe(true);
    clock.set(h('2026-11-23T07:00:00Z'));
    expect(await services.reportSender.sweep()).toBe(0);
    expect(delivered()).toEqual([]);
    const passed = await services.scheduledReports.get(as(ws), r.id);
    expect(passed.nextRunAt).toEqual(new Date('2026-11-30T07:00:00Z'));
    expect(passed.lastSentAt).toBeNull();
    await services.abuseOperator.unsuspend(slug);
    await expect.poll(() => services.abuse.suspended(ws)).toBe(false);
    clock.set(h('2026-11-30T07:00:00Z'));
    expect(await services.reportSender.sweep()).toBe(1);
    expect(delivered().map((m) => m.subject)).toEqual([`${slug} — clicks 23–29 Nov: 40 (▲ 400 %)`]);
  });

  it('refuses a non-member, a second scope and a 21st report, changing nothing', async () => {
    const { services, ws, ana } = await setUp();
    const refused = (p: Promise<unknown>) => expect(p).rejects.toBeInstanceOf(LskError);
    await refused(services.scheduledReports.create(as(ws), { frequency: 'weekly', recipients: ['stranger@example.com'] }));
    await refused(services.scheduledReports.create(as(ws), { frequency: 'weekly', recipients: [ana.id], tag: 'a', domain: 'go.example' }));
    await refused(services.scheduledReports.create(as(ws), { frequency: 'daily', recipients: [ana.id] }));
    await refused(services.scheduledReports.create(as(ws), { frequency: 'weekly', timezone: 'Mars/Olympus', recipients: [ana.id] }));
    for (let i = 0; i < 20; i++) await services.scheduledReports.create(as(ws), { frequency: 'weekly', recipients: [ana.id] });
    await refused(services.scheduledReports.create(as(ws), { frequency: 'weekly', recipients: [ana.id] }));
    expect((await services.scheduledReports.list(as(ws))).data).toHaveLength(20);
  });

  it('without SMTP keeps reports, says sending is off, and the sweep sends nothing', async () => {
    const { services, ws, ana } = await setUp(null);
    const r = await services.scheduledReports.create(as(ws), { frequency: 'weekly', recipients: [ana.id] });
    expect(services.scheduledReports.emailEnabled).toBe(false);
    clock.set(h('2026-12-01T00:00:00Z'));
    expect(await services.reportSender.sweep()).toBe(0);
    await expect(services.scheduledReports.sendNow(as(ws), r.id)).rejects.toMatchObject({ code: 'unavailable' });
    expect((await services.scheduledReports.get(as(ws), r.id)).lastSentAt).toBeNull();
  });
});
