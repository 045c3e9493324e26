import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerOf, credentialsRequired } from '../../auth/principal.js';
import { LskError } from '../../domain/errors.js';
import { once } from '../../domain/once.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { operationId } from '../../openapi/components.js';
import { EVENTS_PATH } from '../../v1/analytics.js';
import type { RestRoute } from '../../v1/route.js';
import type { Services } from '../../wiring/all-services.js';
import { clientError, fromGraphQLErrors, type Logger } from '../errors.js';
import type { Executor } from '../graphql/execute.js';
import { readBody } from '../guard/body.js';
import type { Guard } from '../guard/guard.js';
import { sendJson } from '../respond.js';
import { type Target, unmatched } from '../route-target.js';
import { createAuditCsvRoute } from './audit-csv.js';
import { createEventsStream, streamFormat } from './events-stream.js';
import { idempotencyKeyOf, requestFingerprint, sendReplay } from './idempotency.js';
import { restVariables } from './input.js';
import { createExportRoute, EXPORT_PATH } from './links-export-route.js';
import type { RestOperation } from './operations.js';
import { matchRoute } from './route-match.js';
import { streamMetrics } from './stream-pump.js';

export interface RestHandlerOptions {
  execute: Executor;
  guard: Guard;
  services: Services;
  /** The route table's operations, built on the first /v1 request (docs/adr/0224). */
  operations: () => Promise<Map<RestRoute, RestOperation>>;
  bodyTimeoutMs: number;
  log: Logger;
}

/** `/v1/links/:id` as logged: `/v1/links/{id}`, with the parameter names of the API reference. */
const template = (route: RestRoute) => `/v1${(route.docPath ?? route.path).replace(/:([a-z_]+)/g, '{$1}')}`;

/**
 * /v1: match the route (labelled by its operationId), authenticate (a key is required), charge one
 * unit of the plan, check the input strictly, then run the route's operation through the same engine
 * as /graphql (so the schema's declared scopes, error masking and compiled execution hold here too)
 * and answer its result as plain JSON: no fetch Request/Response, no second JSON parse.
 */
export function createRestHandler(o: RestHandlerOptions) {
  async function run(route: RestRoute, params: Record<string, string>, req: IncomingMessage, res: ServerResponse, url: URL, requestId: string) {
    const op = (await o.operations()).get(route)!;
    const principal = await o.guard.authenticate(req);
    if (!principal) throw credentialsRequired();
    const headers = await o.guard.charge(principal, 1);
    const workspaceId = principal.workspace.id;
    let claim: { key: string; token: string } | undefined;
    try {
      const key = route.idempotent ? idempotencyKeyOf(req) : null;
      const body = route.body ? await readBody(req, o.bodyTimeoutMs) : null;
      const input = restVariables(route, op, params, url, req.headers['content-type'], body);
      if (key !== null) {
        const begun = await o.services.idempotency.begin(workspaceId, key, requestFingerprint(route.method, url.pathname, body));
        if (begun.kind === 'replay') return sendReplay(res, begun.response, headers);
        claim = { key, token: begun.token };
      }
      const caller = callerOf(principal, requestId);
      const context: GraphQLContext = { services: o.services, principal, caller, requestId, ...(input.body ? { restBody: input.body } : {}) };
      const result = await o.execute({ document: op.document, context, variables: input.variables, held: true });
      if (result.errors?.length) throw fromGraphQLErrors(result.errors, o.log);
      const data = (result.data as Record<string, unknown>)[op.field];
      if (route.status === 204) {
        res.writeHead(204, headers);
        res.end();
      } else if (route.media) {
        const image = route.media.encode(data as Record<string, unknown>);
        res.writeHead(200, { ...headers, 'content-type': image.contentType, 'content-length': image.body.length });
        res.end(image.body);
      } else if (route.csv && url.searchParams.get('format') === 'csv') {
        const csv = Buffer.from(route.csv.encode(data as Record<string, unknown>));
        const name = route.csv.filename?.(data as Record<string, unknown>);
        if (name) headers['content-disposition'] = `attachment; filename="${name}"`;
        res.writeHead(200, { ...headers, 'content-type': 'text/csv; charset=utf-8', 'content-length': csv.length });
        res.end(csv);
      } else {
        if (route.location) headers.location = route.location(data as Record<string, unknown>);
        const payload = route.present ? route.present(data) : data;
        if (claim) {
          const kept = { status: route.status, location: headers.location ?? null, body: JSON.stringify(payload) };
          await o.services.idempotency.finish(workspaceId, claim.key, claim.token, kept);
        }
        sendJson(res, route.status, payload, headers);
      }
    } catch (e) {
      // Only answers are kept: after an error the key is free again for a corrected retry.
      if (claim) await o.services.idempotency.abandon(workspaceId, claim.key, claim.token).catch(() => undefined);
      const err = clientError(e, o.log);
      // The plan-limit headers belong on every authenticated answer, errors included.
      Object.assign(err.headers, headers);
      throw err;
    }
  }

  const meters = streamMetrics(o.services.metrics);
  const exportLinks = createExportRoute({ ...o, meter: meters('exportLinks') });
  const streamEvents = createEventsStream({ ...o, meter: meters('clickEvents') });
  // Routes whose format=csv is every match streamed rather than one page encoded: the audit log.
  const streamed = once(async () => {
    const operations = await o.operations();
    return new Map(
      [...operations]
        .filter(([r]) => r.field === 'Query.auditLog')
        .map(([r, op]) => [r, createAuditCsvRoute({ ...o, meter: meters('auditLogCsv') }, r, op)] as const),
    );
  });

  return function resolveRest(method: string, pathname: string): Target {
    if (pathname === EXPORT_PATH) {
      if (method === 'GET' || method === 'HEAD') return { route: 'exportLinks', path: EXPORT_PATH, run: exportLinks };
      return unmatched(EXPORT_PATH, () => new LskError('method_not_allowed', `${method} is not allowed on ${pathname}.`, { headers: { allow: 'GET, HEAD' } }));
    }
    const match = matchRoute(method, pathname.slice('/v1'.length));
    if (match.kind === 'not_found') return unmatched('/v1/{unmatched}', () => new LskError('not_found', `No such endpoint: ${method} ${pathname}`));
    if (match.kind === 'method_not_allowed') {
      const allow = match.allow.join(', ');
      return unmatched(template(match.route), () => new LskError('method_not_allowed', `${method} is not allowed on ${pathname}.`, { headers: { allow } }));
    }
    const { route, params } = match;
    return {
      route: operationId(route),
      path: template(route),
      async run(req, res, url, requestId) {
        if (route.path === EVENTS_PATH && streamFormat(url)) return streamEvents(route, (await o.operations()).get(route)!, req, res, url, requestId);
        const stream = url.searchParams.get('format') === 'csv' ? (await streamed()).get(route) : undefined;
        return stream ? stream(req, res, url, requestId) : run(route, params, req, res, url, requestId);
      },
    };
  };
}
