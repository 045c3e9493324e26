import { auditCsvHeader, auditCsvRow } from '../../csv/audit-csv.js';
import type { AuditEntry } from '../../domain/audit.js';
import { type AuditQueryInput, auditQuerySchema } from '../../domain/audit-schemas.js';
import type { Caller } from '../../domain/caller.js';
import { type Clock, DAY_MS } from '../../domain/clock.js';
import { LskError } from '../../domain/errors.js';
import type { ServiceEvents } from '../../domain/events/service-events.js';
import { assertUnrestricted } from '../../domain/link-access.js';
import { parseOrThrow } from '../../domain/validate.js';
import type { AuditQuery, AuditRepository } from '../../storage/audit/repository.js';
import type { AuditRecorder } from './audit-recorder.js';

export interface AuditPage {
  data: AuditEntry[];
  nextCursor: string | null;
}

/** Entries read per store round trip while streaming the CSV. */
export const AUDIT_CSV_PAGE = 500;

const badCursor = () => new LskError('invalid_cursor', 'The cursor is not valid; use next_cursor from a previous page.');

/** The cursor is the last id of a page, base64url-encoded (opaque to clients). */
const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) throw badCursor();
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^aud_[0-9A-Za-z]{1,64}$/.test(id)) throw badCursor();
  return id;
}

/** A bound: a date is its midnight UTC, and as `to` the whole day is included. */
function instant(v: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return new Date(Date.parse(`${v}T00:00:00Z`) + (end ? DAY_MS : 0));
  return new Date(v);
}

function storeQuery(q: AuditQueryInput, limit: number): AuditQuery {
  const out: AuditQuery = { limit };
  if (q.action) out.action = q.action;
  if (q.actor_id) out.actorId = q.actor_id;
  if (q.target_id) out.targetId = q.target_id;
  if (q.from) out.from = instant(q.from, false);
  if (q.to) out.to = instant(q.to, true);
  if (q.cursor) out.beforeId = decodeCursor(q.cursor);
  if (out.from && out.to && out.from >= out.to) throw LskError.validation([{ path: 'from', message: 'must be before "to"' }]);
  return out;
}

/**
 * Reading the audit log (GET /v1/audit-log, auditLog) and keeping it to LSK_AUDIT_DAYS. Entries this
 * instance still buffers are written before a read, so a caller sees its own changes at once.
 * Restricted keys cannot read it: it names every link's changes.
 */
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly recorder: AuditRecorder,
    private readonly events: ServiceEvents,
    private readonly clock: Clock,
    private readonly days: number,
  ) {}

  async list(caller: Caller, raw: unknown): Promise<AuditPage> {
    const q = parseOrThrow(auditQuerySchema, raw);
    assertUnrestricted(caller, 'read the audit log');
    const query = storeQuery(q, q.limit + 1);
    await this.recorder.flush();
    const rows = await this.repo.list(caller.workspaceId, query);
    const data = rows.slice(0, q.limit);
    const last = data[data.length - 1];
    return { data, nextCursor: rows.length > q.limit && last ? encodeCursor(last.id) : null };
  }

  /** The checks of a CSV download (run alone for a HEAD): the query, and an unrestricted caller. */
  csvQuery(caller: Caller, raw: unknown): AuditQueryInput {
    const q = parseOrThrow(auditQuerySchema, raw);
    assertUnrestricted(caller, 'read the audit log');
    return q;
  }

  /**
   * Every matching entry as CSV (header first), one page per store round trip: the caller pulls the
   * next page only when it has written this one. Checked before the first page; the export is recorded.
   */
  async csv(caller: Caller, raw: unknown): Promise<AsyncGenerator<string>> {
    const q = this.csvQuery(caller, raw);
    const base = storeQuery(q, AUDIT_CSV_PAGE);
    this.events.emit(caller, 'audit_log.exported', caller.workspaceId);
    await this.recorder.flush();
    const { repo } = this;
    return (async function* pages() {
      yield auditCsvHeader();
      let query = base;
      for (;;) {
        const rows = await repo.list(caller.workspaceId, query);
        if (rows.length > 0) yield rows.map(auditCsvRow).join('');
        if (rows.length < AUDIT_CSV_PAGE) return;
        query = { ...base, beforeId: rows[rows.length - 1]!.id };
      }
    })();
  }

  /** Retention: entries older than LSK_AUDIT_DAYS go (run periodically: FerretDB has no TTL index). */
  async sweep(): Promise<number> {
    return this.repo.deleteBefore(new Date(this.clock.now().getTime() - this.days * DAY_MS));
  }
}
