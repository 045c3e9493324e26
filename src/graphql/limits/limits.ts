import { GraphQLError } from 'graphql';
import { LskError } from '../../domain/errors.js';

/** How big one GraphQL document may be, with or without a key, on every surface. */
export const LIMITS = {
  /** Lexical tokens in the document (checked while parsing). */
  tokens: 5000,
  /** Aliases in the operation, every spread of a fragment counted again. */
  aliases: 50,
  /** Nesting of data fields (introspection keeps graphql-js's own introspection-depth rule). */
  depth: 12,
  /** Fields selected, list fields multiplied by their page size (see cost.ts). */
  cost: 5000,
  /** The page size a list counts when its `limit` is not a literal: the largest page. */
  pageMax: 100,
  /** Reads of a public root field (sharedAnalytics: no key, no per-workspace limit) in one operation. */
  publicReads: 1,
} as const;

export type LimitName = 'tokens' | 'aliases' | 'depth' | 'cost' | 'publicReads';

const WHAT: Record<LimitName, string> = {
  tokens: 'tokens',
  aliases: 'aliases',
  depth: 'levels of nested fields',
  cost: 'cost',
  publicReads: 'public read (sharedAnalytics)',
};

/** 400 query_too_complex naming the limit, refused before anything runs. */
export function tooComplex(limit: LimitName, max: number, found?: number): GraphQLError {
  const message =
    limit === 'cost'
      ? `The query is too complex: its cost${found === undefined ? '' : ` of ${found}`} exceeds the limit of ${max} (lists count their limit or ${LIMITS.pageMax} times their fields).`
      : `The query is too complex: it exceeds the limit of ${max} ${WHAT[limit]}${found === undefined ? '' : ` (found ${found})`}.`;
  const cause = new LskError('query_too_complex', message);
  return new GraphQLError(message, { originalError: cause, extensions: { code: cause.code, http: { status: cause.status } } });
}
