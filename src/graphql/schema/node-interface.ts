import { builder } from '../builder.js';
import { nodeTypeOf } from '../node-registry.js';

/** Anything with a global id (`lnk_…`, `key_…`, `whk_…`, `usr_…`, `inv_…`): `node(id)` finds it. */
export const NodeRef = builder.interfaceRef<{ id: string }>('Node').implement({
  description: 'An object with a global id; its prefix names its type.',
  fields: (t) => ({ id: t.exposeID('id') }),
  resolveType: (value) => nodeTypeOf(value.id),
});
