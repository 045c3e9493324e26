import { type DocumentNode, type FragmentDefinitionNode, Kind, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';

const counted = new WeakMap<OperationDefinitionNode, number>();

/**
 * How many root fields an operation selects, for the plan limit: fragments are followed (a fragment
 * spread twice selects the same fields once), every alias counts, introspection fields are free.
 */
export function rootFieldCount(document: DocumentNode, operation: OperationDefinitionNode): number {
  const known = counted.get(operation);
  if (known !== undefined) return known;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const seen = new Set<string>();
  const count = (set: SelectionSetNode): number => {
    let n = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) n += s.name.value.startsWith('__') ? 0 : 1;
      else if (s.kind === Kind.INLINE_FRAGMENT) n += count(s.selectionSet);
      else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        const f = fragments.get(s.name.value);
        if (f) n += count(f.selectionSet);
      }
    }
    return n;
  };
  const n = count(operation.selectionSet);
  counted.set(operation, n);
  return n;
}
