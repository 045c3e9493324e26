/**
 * API parity: whatever the API can do, the dashboard can do. Every Query and Mutation root field of
 * the committed schema must be selected by some GraphQL document of the dashboard (dashboard/src),
 * or stand on the short allow-list below with the reason it has no page. A field added to the
 * schema fails this test until a page uses it. Also: dashboard/src/gql is what codegen makes of
 * those documents today.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { buildSchema, type DocumentNode, Kind, parse, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import codegenConfig from '../../codegen.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SRC = join(ROOT, 'dashboard/src');

/** Root fields no page uses, each with its reason. Keep it short. */
const ALLOWED_WITHOUT_PAGE: Record<string, string> = {
  // The generic refetch of any object by its global id (for caches and clients); each page reads its
  // objects through their own typed fields (link(id), keys, members, invites), which say more.
  'Query.node': 'generic refetch by global id; pages use the typed fields',
  // A link's page shows its clicks through analytics(filter: {link_id}) (filters, any grouping, time
  // zones); linkStats answers a fixed subset of that in one call, for API clients.
  'Query.linkStats': 'the link page reads the same numbers through analytics(filter: {link_id})',
  // The Reports page lists a workspace's reports (at most 20) in one read; one by id is for API clients.
  'Query.analyticsReport': 'the Reports page reads every report through analyticsReports',
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return relative(SRC, full) === 'gql' ? [] : sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The documents of the dashboard: every graphql(`…`) template in its sources. */
function dashboardDocuments(): DocumentNode[] {
  const docs: DocumentNode[] = [];
  for (const file of sources(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/graphql\(`([^`]*)`\)/g)) docs.push(parse(m[1]!));
  }
  return docs;
}

/** Root fields selected by the documents' operations, through fragments and inline fragments. */
function usedRootFields(docs: DocumentNode[]): Set<string> {
  const fragments = new Map(docs.flatMap((d) => d.definitions.filter((x) => x.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f] as const)));
  const used = new Set<string>();
  const walk = (type: string, set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) used.add(`${type}.${s.name.value}`);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(type, s.selectionSet);
      else {
        const f = fragments.get(s.name.value);
        if (f) walk(type, f.selectionSet);
      }
    }
  };
  for (const d of docs) {
    for (const def of d.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      walk(def.operation === 'query' ? 'Query' : def.operation === 'mutation' ? 'Mutation' : 'Subscription', def.selectionSet);
    }
  }
  return used;
}

describe('dashboard and API parity', () => {
  const schema = buildSchema(readFileSync(join(ROOT, 'schema/schema.graphql'), 'utf8'));
  const docs = dashboardDocuments();
  const roots = [schema.getQueryType(), schema.getMutationType()].flatMap((t) => (t ? Object.keys(t.getFields()).map((f) => `${t.name}.${f}`) : []));

  it('finds the documents and the root fields', () => {
    expect(docs.length).toBeGreaterThan(10);
    expect(roots).toContain('Query.links');
    expect(roots).toContain('Mutation.createLink');
  });

  it('uses every Query and Mutation root field in some dashboard document, or names why not', () => {
    const used = usedRootFields(docs);
    const missing = roots.filter((f) => !used.has(f) && !Object.hasOwn(ALLOWED_WITHOUT_PAGE, f));
    expect(missing, 'root fields no dashboard page uses: build the page, or add them to ALLOWED_WITHOUT_PAGE with a reason').toEqual([]);
  });

  it('keeps the allow-list to fields that exist and that no page uses', () => {
    const used = usedRootFields(docs);
    for (const f of Object.keys(ALLOWED_WITHOUT_PAGE)) {
      expect(roots, `${f} is not in the schema any more`).toContain(f);
      expect(used.has(f), `${f} is used by a page now: take it off the list`).toBe(false);
    }
  });

  it('dashboard/src/gql is what codegen makes of the documents and schema/schema.graphql', async () => {
    const outputs = (await generate({ ...codegenConfig, cwd: ROOT, silent: true }, false)) as { filename: string; content: string }[];
    const mine = outputs.filter((o) => o.filename.startsWith('dashboard/src/gql/'));
    expect(mine.length).toBeGreaterThanOrEqual(3);
    for (const o of mine) expect(readFileSync(join(ROOT, o.filename), 'utf8'), `${o.filename} is stale: run npm run codegen`).toBe(o.content);
  });
});
