import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import type { OperationalEvents } from '../domain/events/link-events.js';
import { aliasProblems, normalizeHost } from '../domain/field-rules.js';
import { newId } from '../domain/ids.js';
import { reportSchema } from '../domain/report-schemas.js';
import { parseOrThrow } from '../domain/validate.js';
import { wildcardCandidates } from '../domain/wildcard-aliases.js';
import { SharedRateLimiter } from '../limits/shared-rate-limit.js';
import type { Report, ReportPosition } from '../storage/reports/repository.js';
import type { Repositories } from '../storage/repositories.js';

/** Reports one client address may send in any rolling hour. */
export const REPORTS_PER_HOUR = 10;

export interface ReportPage {
  data: Report[];
  nextCursor: string | null;
}

const encode = (p: ReportPosition) => Buffer.from(JSON.stringify([p.createdAt.getTime(), p.id])).toString('base64url');

function decode(cursor: string): ReportPosition {
  try {
    const [t, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [number, string];
    if (Number.isSafeInteger(t) && typeof id === 'string') return { createdAt: new Date(t), id };
  } catch {
    // answered below
  }
  throw new LskError('invalid_cursor', 'The cursor is not valid; use next_cursor from a previous page.');
}

/**
 * Abuse reports: anyone may report a short link (`POST /report` on any short domain), at most 10
 * an hour per client address, counted exactly across instances through the store (the shared plan
 * limiter's claims, with an hour's window). Reports name the link they are about when the URL is
 * one of this service's short links; the operator reads them with `lsk reports list`.
 */
export class ReportService {
  private readonly limiter: SharedRateLimiter;

  constructor(
    private readonly repos: Pick<Repositories, 'reports' | 'links' | 'counters'>,
    private readonly clock: Clock,
    private readonly events?: OperationalEvents,
  ) {
    this.limiter = new SharedRateLimiter(repos.counters, { windowMs: 3_600_000, slotMs: 60_000 });
  }

  async submit(raw: unknown, clientAddress: string): Promise<Report> {
    const input = parseOrThrow(reportSchema, raw);
    const now = this.clock.now();
    const d = await this.limiter.take(`report:${clientAddress}`, REPORTS_PER_HOUR, 1, now.getTime());
    if (!d.allowed) throw new LskError('rate_limited', `At most ${REPORTS_PER_HOUR} reports an hour from one address.`, { retryAfter: d.resetSeconds });
    const link = await this.linkOf(input.url);
    const report: Report = {
      id: newId('rep'),
      url: input.url,
      reason: input.reason,
      linkId: link?.id ?? null,
      workspaceId: link?.workspaceId ?? null,
      createdAt: now,
    };
    await this.repos.reports.insert(report);
    this.events?.emit({
      action: 'report.received',
      target: { type: 'report', id: report.id },
      ...(report.workspaceId ? { workspaceId: report.workspaceId } : {}),
    });
    return report;
  }

  /**
   * The link a URL is the short URL of, read as the redirect reads a path: the link of the path
   * itself, else the longest wildcard alias above it (`help/*` for `help/a/b`). A path is not
   * decoded first (aliases have nothing to escape), so a broken escape (`%ZZ`) names no link rather
   * than failing the report.
   */
  private async linkOf(url: string) {
    const u = new URL(url);
    const host = normalizeHost(u.host);
    const path = u.pathname.slice(1);
    if ('problem' in host || path === '') return null;
    const aliases = [...(aliasProblems(path).length === 0 ? [path] : []), ...wildcardCandidates(path)];
    if (aliases.length === 0) return null;
    const found = await this.repos.links.findRedirects(host.host, aliases).catch(() => []);
    return aliases.map((a) => found.find((l) => l.alias === a)).find((l) => l !== undefined) ?? null;
  }

  async list(limit: number, cursor?: string): Promise<ReportPage> {
    const rows = await this.repos.reports.list(limit + 1, cursor ? decode(cursor) : undefined);
    const data = rows.slice(0, limit);
    const last = data[data.length - 1];
    return { data, nextCursor: rows.length > limit && last ? encode(last) : null };
  }
}
