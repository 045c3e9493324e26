import type { Scope } from '../domain/scopes.js';
import type { AuthedContext } from './context.js';

/** How `node(id)` finds one kind of object in the caller's workspace. */
export interface NodeKind {
  /** The GraphQL type (it implements Node). */
  type: string;
  /** The scope needed to read it (checked like a root field's). */
  scope: Scope;
  /** The object when it exists in the caller's workspace, else null. */
  load(ctx: AuthedContext, id: string): Promise<{ id: string } | null>;
}

const KINDS = new Map<string, NodeKind>();

/**
 * Each id prefix registers its loader here (schema/node.ts for the kinds of this schema); a feature
 * that adds a type with a global id (webhooks: `whk_`) registers its own next to its type.
 */
export function registerNode(prefix: string, kind: NodeKind): void {
  if (KINDS.has(prefix)) throw new Error(`node(id): the prefix ${prefix}_ is registered twice`);
  KINDS.set(prefix, kind);
}

export function nodeKind(id: string): NodeKind | undefined {
  const m = /^([a-z]{3})_[0-9A-Za-z]{1,64}$/.exec(id);
  return m ? KINDS.get(m[1]!) : undefined;
}

export function nodeTypeOf(id: string): string {
  const kind = nodeKind(id);
  if (!kind) throw new Error(`node(id): no type for ${id}`);
  return kind.type;
}
