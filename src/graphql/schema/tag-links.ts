import { builder } from '../builder.js';
import type { AuthedContext } from '../context.js';
import { LinkListType } from './link.js';
import { TagType } from './workspace.js';

/**
 * Tag.tagged_links(limit, cursor): one page of the tag's links, newest first (the contract's
 * `Tag.links(limit, cursor)`; `links` already names the tag's link count, which stays).
 */
builder.objectField(TagType, 'tagged_links', (t) =>
  t.field({
    type: LinkListType,
    description: 'The links carrying this tag, newest first, one page at a time (like the root `links`).',
    args: {
      limit: t.arg.int({ description: '1 to 100, default 20.' }),
      cursor: t.arg.string({ description: 'next_cursor of the previous page.' }),
    },
    // Tags are only reachable through fields that required links:read, so the caller holds it.
    resolve: (tag, args, ctx) => {
      const { caller, services } = ctx as AuthedContext;
      return services.links.list(caller, { ...args, tag: tag.name });
    },
  }),
);
