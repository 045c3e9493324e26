/**
 * Every generated client file, in memory: path (relative to the repository) -> exact content, from
 * the OpenAPI document and the GraphQL schema alone. The CLI (scripts/gen-clients.ts) writes them;
 * the staleness tests compare them with what is checked in.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateGraphql } from './graphql-documents.js';
import { javaClient } from './java-client.js';
import { javaModel, javaParams, optionParams, paramsClass } from './java-models.js';
import { kotlinClient, kotlinModels } from './kotlin.js';
import { readApi } from './read-api.js';
import { swiftClient, swiftModels } from './swift.js';
import { generateTypes } from './typescript-types.js';

export const TS_GENERATED_DIR = 'clients/typescript/src/generated';
export const TS_API = `${TS_GENERATED_DIR}/api.ts`;
export const TS_GRAPHQL_TYPES = `${TS_GENERATED_DIR}/graphql-types.ts`;
export const TS_GRAPHQL_DOCUMENTS = `${TS_GENERATED_DIR}/graphql-documents.ts`;
export const JAVA_MODEL_DIR = 'clients/java/src/main/java/dev/lsk/client/model';
export const JAVA_CLIENT = 'clients/java/src/main/java/dev/lsk/client/LskClient.java';
export const KOTLIN_MODELS = 'clients/kotlin/src/main/kotlin/dev/lsk/client/Models.kt';
export const KOTLIN_CLIENT = 'clients/kotlin/src/main/kotlin/dev/lsk/client/LskClient.kt';
export const SWIFT_MODELS = 'clients/swift/Sources/Lsk/Models.swift';
export const SWIFT_CLIENT = 'clients/swift/Sources/Lsk/LskClient+Operations.swift';

/** Folders whose every file is generated (a file there that is no longer generated is stale). */
export const GENERATED_DIRS = [TS_GENERATED_DIR, JAVA_MODEL_DIR];
const GENERATED_FILES = [JAVA_CLIENT, KOTLIN_MODELS, KOTLIN_CLIENT, SWIFT_MODELS, SWIFT_CLIENT];

export async function generateClients(openapiText: string, sdl: string): Promise<Record<string, string>> {
  const doc = JSON.parse(openapiText);
  const api = readApi(doc);
  const files: Record<string, string> = {};
  files[TS_API] = generateTypes(doc);
  const gql = await generateGraphql(sdl);
  files[TS_GRAPHQL_TYPES] = gql.types;
  files[TS_GRAPHQL_DOCUMENTS] = gql.documents;
  for (const m of api.models) files[`${JAVA_MODEL_DIR}/${m.name}.java`] = javaModel(m);
  for (const op of api.operations) if (optionParams(op).length) files[`${JAVA_MODEL_DIR}/${paramsClass(op)}.java`] = javaParams(op);
  files[JAVA_CLIENT] = javaClient(api);
  files[KOTLIN_MODELS] = kotlinModels(api);
  files[KOTLIN_CLIENT] = kotlinClient(api);
  files[SWIFT_MODELS] = swiftModels(api);
  files[SWIFT_CLIENT] = swiftClient(api);
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The generated files present under root. */
export function existingGenerated(root: string): string[] {
  const out = GENERATED_FILES.filter((p) => existsSync(join(root, p)));
  for (const dir of GENERATED_DIRS) if (existsSync(join(root, dir))) for (const f of readdirSync(join(root, dir))) out.push(`${dir}/${f}`);
  return out.sort();
}

/** Paths that differ between a fresh generation and what is under root ([] = up to date). */
export function staleFiles(root: string, files: Record<string, string>): string[] {
  const stale = Object.entries(files)
    .filter(([p, text]) => !existsSync(join(root, p)) || readFileSync(join(root, p), 'utf8') !== text)
    .map(([p]) => p);
  for (const p of existingGenerated(root)) if (!(p in files)) stale.push(`${p} (no longer generated)`);
  return stale.sort();
}
