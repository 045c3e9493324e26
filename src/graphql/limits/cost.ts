import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { LIMITS, tooComplex } from './limits.js';

/**
 * The cost of an operation, computed on its AST before it runs: every field selected counts 1
 * (every alias and every spread of a fragment again); a list field counts 1 plus its page size times
 * the cost of what it selects. The page size is the literal `limit` argument of the list field or of
 * the field that holds it (`links(limit: 20) { data { … } }`), else the bound the schema declares for
 * that list (`extensions.maxItems`), else the largest page (100).
 * Introspection lists count their selection once: their length is fixed by the schema, not the caller.
 */
export function operationCost(
  selectionSet: SelectionSetNode,
  rootType: GraphQLNamedType | undefined,
  fragments: (name: string) => FragmentDefinitionNode | undefined,
  schemaType: (name: string) => GraphQLNamedType | undefined,
  max = Number.POSITIVE_INFINITY,
): number {
  const memo = new Map<string, number>();
  const inProgress = new Set<string>();

  function setCost(set: SelectionSetNode, parent: GraphQLNamedType | undefined, page: number | undefined, flat: boolean): number {
    let total = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) total += fieldCost(sel.name.value, sel.arguments ?? [], sel.selectionSet, parent, page, flat);
      else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const on = sel.typeCondition ? schemaType(sel.typeCondition.name.value) : parent;
        total += setCost(sel.selectionSet, on, page, flat);
      } else {
        const key = `${sel.name.value}\u0000${page ?? ''}\u0000${flat}`;
        let c = memo.get(key);
        if (c === undefined) {
          const frag = fragments(sel.name.value);
          // Unknown and cyclic fragments are other rules' errors; they cost nothing here.
          if (!frag || inProgress.has(sel.name.value)) continue;
          inProgress.add(sel.name.value);
          c = setCost(frag.selectionSet, schemaType(frag.typeCondition.name.value), page, flat);
          inProgress.delete(sel.name.value);
          memo.set(key, c);
        }
        total += c;
      }
      if (total > max) return total;
    }
    return total;
  }

  function fieldCost(
    name: string,
    args: readonly { name: { value: string }; value: { kind: string; value?: unknown } }[],
    children: SelectionSetNode | undefined,
    parent: GraphQLNamedType | undefined,
    page: number | undefined,
    flat: boolean,
  ): number {
    const introspection = flat || name.startsWith('__');
    const def: GraphQLField<unknown, unknown> | undefined = parent && isObjectType(parent) ? parent.getFields()[name] : undefined;
    const own = literalLimit(args);
    const type = def ? getNamedType(def.type) : undefined;
    if (!children) return 1;
    if (introspection) return 1 + setCost(children, type, undefined, true);
    if (def && isListType(getNullableType(def.type)))
      return 1 + (own ?? page ?? declaredMax(def) ?? LIMITS.pageMax) * setCost(children, type, undefined, false);
    return 1 + setCost(children, type, own, false);
  }

  return setCost(selectionSet, rootType, undefined, false);
}

/** A list whose length the schema bounds (`extensions: { maxItems }`, e.g. one result per bulk item) counts that many. */
function declaredMax(def: GraphQLField<unknown, unknown>): number | undefined {
  const max = (def.extensions as { maxItems?: unknown } | undefined)?.maxItems;
  return typeof max === 'number' ? max : undefined;
}

function literalLimit(args: readonly { name: { value: string }; value: { kind: string; value?: unknown } }[]): number | undefined {
  const arg = args.find((a) => a.name.value === 'limit');
  if (!arg || arg.value.kind !== Kind.INT) return undefined;
  const n = Number(arg.value.value);
  return Number.isSafeInteger(n) && n >= 0 && n <= LIMITS.pageMax ? n : LIMITS.pageMax;
}

/** Validation rule: refuse an operation whose cost exceeds LIMITS.cost (400 query_too_complex). */
export function costRule(context: ValidationContext): ASTVisitor {
  const schema = context.getSchema();
  return {
    OperationDefinition(op) {
      const root = schema.getRootType(op.operation) ?? undefined;
      const cost = operationCost(
        op.selectionSet,
        root,
        (n) => context.getFragment(n) ?? undefined,
        (n) => schema.getType(n),
        LIMITS.cost,
      );
      if (cost > LIMITS.cost) context.reportError(tooComplex('cost', LIMITS.cost));
    },
  };
}
