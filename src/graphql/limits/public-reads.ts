import { type ASTVisitor, Kind, type SelectionSetNode, type ValidationContext } from 'graphql';
import { isPublicField } from '../declared-scope.js';
import { LIMITS, tooComplex } from './limits.js';

/**
 * Validation rule: an operation reads a public root field (sharedAnalytics, docs/adr/0215) at most
 * LIMITS.publicReads times, aliases, fragment spreads and inline fragments all counted. The field
 * answers without a key, outside the per-workspace analytics limit, so one anonymous request (counted
 * once against the per-address allowance) must not run fifty reports.
 */
export function publicReadsRule(context: ValidationContext): ASTVisitor {
  const schema = context.getSchema();
  return {
    OperationDefinition(op) {
      const root = schema.getRootType(op.operation);
      if (!root) return;
      const fields = root.getFields();
      const inProgress = new Set<string>();
      const memo = new Map<string, number>();
      const count = (set: SelectionSetNode): number => {
        let n = 0;
        for (const sel of set.selections) {
          if (sel.kind === Kind.FIELD) {
            const def = fields[sel.name.value];
            if (def && isPublicField(def)) n++;
          } else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet);
          else {
            const name = sel.name.value;
            let c = memo.get(name);
            if (c === undefined) {
              const frag = context.getFragment(name);
              // Unknown and cyclic fragments are other rules' errors; each fragment is walked once (a fragment bomb stays cheap).
              if (!frag || inProgress.has(name)) continue;
              inProgress.add(name);
              c = count(frag.selectionSet);
              inProgress.delete(name);
              memo.set(name, c);
            }
            n += c;
          }
        }
        return n;
      };
      const found = count(op.selectionSet);
      if (found > LIMITS.publicReads) context.reportError(tooComplex('publicReads', LIMITS.publicReads, found));
    },
  };
}
