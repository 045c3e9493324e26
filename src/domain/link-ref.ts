/**
 * A link id as callers give it: `lnk_…`, or `ext_<external id>`, which stands for the link of that
 * external id wherever a link id is taken (paths, `link(id)`, `link_id` filters).
 */
export function linkRef(id: string): { id: string } | { externalId: string } {
  return id.startsWith('ext_') ? { externalId: id.slice(4) } : { id };
}
