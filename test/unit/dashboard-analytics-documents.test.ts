/**
 * The Analytics page and a share's public page read one answer: both documents select the analytics
 * answer through the one fragment (AnalyticsAnswer), so a field added to the overview reaches the
 * public page too, and what codegen makes them send holds that fragment's definition. The signed-in
 * page adds one thing only: each top link's title (AnalyticsItem.link, read with links:read, which a
 * share's page, reading without a key, cannot have: docs/adr/0236).
 */
import { readFileSync } from 'node:fs';
import { type FieldNode, Kind, type OperationDefinitionNode, parse, type SelectionSetNode } from 'graphql';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../dashboard/src/${path}`, import.meta.url), 'utf8');
/** The graphql(`…`) documents of a source file, parsed. */
const documents = (path: string) => [...read(path).matchAll(/graphql\(`([^`]*)`\)/g)].map((m) => parse(m[1]!));
/** A generated document as sent (dashboard/src/gql/graphql.ts: `export const <name>Document = new TypedDocumentString(`…`)`). */
const sent = (name: string) => parse(new RegExp(`export const ${name}Document = new TypedDocumentString\\(\`([^\`]*)\``).exec(read('gql/graphql.ts'))![1]!);

const operation = (docs: ReturnType<typeof parse>[], name: string) =>
  docs.flatMap((d) => d.definitions).find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name)!;
const field = (set: SelectionSetNode | undefined, name: string) => set?.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === name);
const spreads = (set: SelectionSetNode | undefined) => set?.selections.map((s) => (s.kind === Kind.FRAGMENT_SPREAD ? s.name.value : `a ${s.kind}`));

describe('the analytics answer of the overview and of the public page', () => {
  const page = documents('analytics/documents.ts');
  const shared = documents('analytics/share-documents.ts');

  it('is one fragment, selected alike by analytics and by sharedAnalytics.analytics', () => {
    const fragments = [...page, ...shared].flatMap((d) => d.definitions.filter((x) => x.kind === Kind.FRAGMENT_DEFINITION));
    expect(fragments.map((f) => `${f.name.value} on ${f.typeCondition.name.value}`)).toEqual(['AnalyticsAnswer on Analytics']);
    const own = field(operation(page, 'DashboardAnalytics').selectionSet, 'analytics')?.selectionSet;
    expect(spreads(own)).toEqual(['AnalyticsAnswer', `a ${Kind.FIELD}`]);
    const link = field(field(own, 'data')?.selectionSet, 'link');
    expect(field(own, 'data')?.selectionSet?.selections).toHaveLength(1);
    expect(link?.selectionSet?.selections.map((s) => (s as FieldNode).name.value)).toEqual(['id', 'title']);
    const answer = field(field(operation(shared, 'DashboardSharedAnalytics').selectionSet, 'sharedAnalytics')?.selectionSet, 'analytics');
    expect(spreads(answer?.selectionSet)).toEqual(['AnalyticsAnswer']);
  });

  it('is sent with its definition (each document is valid on its own)', () => {
    for (const name of ['DashboardAnalytics', 'DashboardSharedAnalytics']) {
      const defs = sent(name).definitions.map((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? `fragment ${d.name.value}` : d.kind));
      expect(defs).toEqual([Kind.OPERATION_DEFINITION, 'fragment AnalyticsAnswer']);
    }
  });
});
