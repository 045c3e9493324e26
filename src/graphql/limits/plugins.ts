import type { Plugin } from '@envelop/core';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import type { GraphQLError, ValidationContext } from 'graphql';
import { costRule } from './cost.js';
import { LIMITS, type LimitName, tooComplex } from './limits.js';
import { publicReadsRule } from './public-reads.js';

/** graphql-armor calls this with the validation context (null while parsing) when a limit is exceeded. */
const refuse =
  (limit: LimitName) =>
  (context: ValidationContext | null, _armorError: GraphQLError): void => {
    const err = tooComplex(limit, LIMITS[limit]);
    if (context) context.reportError(err);
    else throw err;
  };

/**
 * The document limits as envelop plugins: tokens while parsing, then aliases, data-field depth and
 * cost and public reads as validation rules (graphql-js's specified rules, among them its introspection-depth rule,
 * run beside them). Every refusal is 400 query_too_complex naming its limit, before execution.
 */
export function documentLimitPlugins(): Plugin[] {
  return [
    maxTokensPlugin({ n: LIMITS.tokens, onReject: [refuse('tokens')], propagateOnRejection: false }),
    // Every alias counts, __typename's too (armor exempts those by default).
    maxAliasesPlugin({ n: LIMITS.aliases, allowList: [], onReject: [refuse('aliases')], propagateOnRejection: false }),
    maxDepthPlugin({ n: LIMITS.depth, ignoreIntrospection: true, flattenFragments: true, onReject: [refuse('depth')], propagateOnRejection: false }),
    {
      onValidate: ({ addValidationRule }) => {
        addValidationRule(costRule);
        addValidationRule(publicReadsRule);
      },
    },
  ];
}
