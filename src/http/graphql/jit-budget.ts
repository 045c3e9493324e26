import { type DocumentNode, type FragmentDefinitionNode, Kind, type SelectionSetNode } from 'graphql';

/**
 * How much of the callers' documents graphql-jit may compile (docs/adr/0205, "Compiling callers'
 * documents"). Compiling takes about 40 µs of CPU per field selected (measured under load; 50 ms for a document of 1,274 fields the
 * limits allow), on the event loop. Every compile also leaves memory behind after its compiled query
 * is dropped: about 1.1-1.3 KB per field selected, mostly V8's compilation cache holding the
 * `new Function` source graphql-jit generates (dropped only under heap pressure), and about 0.15 KB
 * for good in graphql-jit's module-level memo of its path arrays. Documents lsk holds (REST routes,
 * MCP tools) are few and fixed; the documents callers send to /graphql are not, so those are compiled
 * only while they are small and while this budget lasts; the others run through yoga's execute.
 */
export const JIT_FIELDS_PER_DOCUMENT = 200;
/** Fields selected over every caller's document ever compiled: about 13 MB of heap, 1.5 MB of it for good. */
export const JIT_FIELDS_TOTAL = 10_000;

/**
 * Fields the operations of a document select, every spread of a fragment counted again (what graphql-jit
 * compiles code for); stops counting past `max`.
 */
export function selectedFields(document: DocumentNode, max = Number.POSITIVE_INFINITY): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const memo = new Map<string, number>();
  const inProgress = new Set<string>();
  const count = (set: SelectionSetNode): number => {
    let n = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) n += 1 + (s.selectionSet ? count(s.selectionSet) : 0);
      else if (s.kind === Kind.INLINE_FRAGMENT) n += count(s.selectionSet);
      else {
        const name = s.name.value;
        let c = memo.get(name);
        if (c === undefined) {
          const f = fragments.get(name);
          // Unknown and cyclic fragments are refused by validation before anything runs.
          if (!f || inProgress.has(name)) continue;
          inProgress.add(name);
          c = count(f.selectionSet);
          inProgress.delete(name);
          memo.set(name, c);
        }
        n += c;
      }
      if (n > max) return n;
    }
    return n;
  };
  let total = 0;
  for (const d of document.definitions) if (d.kind === Kind.OPERATION_DEFINITION && total <= max) total += count(d.selectionSet);
  return total;
}

/** The fields of callers' documents compiled so far, against the bounds above. */
export class JitBudget {
  spent = 0;
  /** Whether a document was turned away because the total was spent (logged once). */
  exhausted = false;
  constructor(
    readonly total = JIT_FIELDS_TOTAL,
    readonly perDocument = JIT_FIELDS_PER_DOCUMENT,
  ) {}

  /** Whether a caller's document may be compiled; when it may, its fields are spent. */
  admit(document: DocumentNode): boolean {
    const fields = selectedFields(document, this.perDocument);
    if (fields > this.perDocument) return false;
    if (this.spent + fields > this.total) {
      this.exhausted = true;
      return false;
    }
    this.spent += fields;
    return true;
  }
}
