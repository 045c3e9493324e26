import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLskError, LskError } from '../domain/errors.js';
import { REPORT_REASON_MAX } from '../domain/report-schemas.js';
import { tagErrorCode } from '../observability/request-tags.js';
import { requestAddress } from '../redirect/geo.js';
import { escapeHtml, page, sendPage } from '../redirect/pages.js';
import type { Services } from '../wiring/all-services.js';
import { isJsonContentType, parseJsonObject, readBody } from './guard/body.js';
import { sendJson } from './respond.js';
import type { ServiceRoute } from './service-route.js';

/** A report is a URL and a sentence or two; a larger body is refused unread. */
const REPORT_MAX_BYTES = 16 * 1024;

function formPage(url: string, problem?: string): string {
  const error = problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '';
  return page(
    'Report a link',
    `<h1>Report a link</h1><p>Tell the operator of this service about a short link used for phishing, malware, spam or other abuse.</p>${error}` +
      '<form method="post" action="/report"><label for="url">The short link</label>' +
      `<input id="url" name="url" type="text" required maxlength="8192" value="${escapeHtml(url)}" placeholder="https://go.example.com/abc">` +
      `<label for="reason">What is wrong with it (optional)</label><input id="reason" name="reason" type="text" maxlength="${REPORT_REASON_MAX}">` +
      '<button type="submit">Send the report</button></form>',
  );
}

const THANKS_PAGE = page('Report received', '<h1>Thank you</h1><p>Your report was received; the operator of this service will look at it.</p>');

/** The body as `{url, reason}`: JSON (strict: other fields are refused) or a form (its other fields ignored). */
async function reportBody(req: IncomingMessage, timeoutMs: number): Promise<{ input: Record<string, unknown>; form: boolean }> {
  if (Number(req.headers['content-length'] ?? 0) > REPORT_MAX_BYTES) throw new LskError('payload_too_large', `A report is at most ${REPORT_MAX_BYTES} bytes.`);
  const raw = await readBody(req, timeoutMs);
  if (raw.length > REPORT_MAX_BYTES) throw new LskError('payload_too_large', `A report is at most ${REPORT_MAX_BYTES} bytes.`);
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    const fields = new URLSearchParams(raw.toString('utf8'));
    const input: Record<string, unknown> = { url: fields.get('url') ?? '' };
    const reason = fields.get('reason');
    if (reason) input.reason = reason;
    return { input, form: true };
  }
  if (!isJsonContentType(req.headers['content-type'])) {
    throw new LskError('unsupported_media_type', 'Send the report as JSON (Content-Type: application/json) or as a form.');
  }
  return { input: parseJsonObject(raw, req.headers['content-type']), form: false };
}

/**
 * `/report` on every host (a reserved alias segment): GET shows a form that works without
 * JavaScript; POST takes `{"url", "reason"}` as JSON or a form and answers 202 (a page for forms).
 * At most 10 reports an hour per client address, on every instance together.
 */
export function reportRoute(services: Services): ServiceRoute {
  const { config } = services;
  return {
    label: 'report',
    path: '/report',
    methods: ['GET', 'HEAD', 'POST'],
    async handle(req: IncomingMessage, res: ServerResponse, url: URL, requestId: string) {
      if (req.method !== 'POST') {
        sendPage(res, 200, formPage(url.searchParams.get('url') ?? ''), req.method === 'HEAD', requestId);
        return;
      }
      const body = await reportBody(req, config.bodyTimeoutMs);
      const address = requestAddress(req, config.trustProxy, 'unknown');
      try {
        const report = await services.reports.submit(body.input, address);
        if (body.form) sendPage(res, 202, THANKS_PAGE, false, requestId);
        else sendJson(res, 202, { id: report.id, status: 'received' });
      } catch (e) {
        if (!body.form || !isLskError(e) || e.status >= 500) throw e;
        // A form gets its answer as a page, with the form again.
        tagErrorCode(res, e.code);
        const extra: Record<string, string> = e.retryAfter !== undefined ? { 'retry-after': String(e.retryAfter) } : {};
        sendPage(res, e.status, formPage(String(body.input.url ?? ''), e.message), false, requestId, extra);
      }
    },
  };
}
