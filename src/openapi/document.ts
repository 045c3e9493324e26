import type { GraphQLSchema } from 'graphql';
import type { Logger } from '../http/errors.js';
import { finishOpenApi } from './operation.js';
import { createRestRouter, SOFA_OPENAPI_PATH } from '../http/rest.js';

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI documents are untyped JSON trees, edited in place.
type Obj = Record<string, any>;

const ORIGIN = 'http://lsk.internal';
const SILENT: Logger = { error: () => undefined };

/**
 * The OpenAPI document served at GET /v1/openapi.json: Sofa's raw document for the schema, finished
 * by finishOpenApi. Used by the server (with its own Sofa router) and by scripts/print-schema.ts
 * (without a server), so the committed schema/openapi.json is exactly what is served.
 */
export async function buildOpenApiDocument(
  schema: GraphQLSchema,
  sofa: { fetch: (req: Request) => Response | Promise<Response> } = createRestRouter(schema, SILENT),
): Promise<Obj> {
  const response = await sofa.fetch(new Request(`${ORIGIN}/v1${SOFA_OPENAPI_PATH}`));
  if (!response.ok) throw new Error(`Sofa did not produce an OpenAPI document (HTTP ${response.status})`);
  const raw = (await response.json()) as Obj;
  return finishOpenApi(raw);
}
