/**
 * GraphQL Code Generator: TypeScript types of the committed schema (schema/schema.graphql, written by
 * `npm run schema:print`) into src/generated/graphql.ts. Run `npm run codegen` after schema:print;
 * test/api/schema-artifacts.test.ts fails while the generated file is stale.
 *
 * The dashboard's typed documents: graphql-codegen's client preset reads every `graphql(...)` document
 * in dashboard/src and writes dashboard/src/gql (typed document strings; no hand-written response
 * types, no GraphQL AST in the browser bundle). test/unit/dashboard-parity.test.ts fails while it is stale.
 *
 * The field names are the wire names (snake_case data fields, camelCase root fields), so these types
 * describe REST /v1 JSON bodies as well as GraphQL results.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  overwrite: true,
  schema: 'schema/schema.graphql',
  generates: {
    'src/generated/graphql.ts': {
      plugins: ['typescript'],
      config: {
        scalars: {
          ID: 'string',
          GeoTargeting: 'Record<string, string>',
          DeviceTargeting: '{ ios?: string; android?: string }',
          LinkFields: 'Record<string, unknown>',
          DateTime: 'string',
          LinkRules: 'Array<{ if: Record<string, unknown>; to: string }>',
          LinkVariants: 'Array<{ url: string; weight: number }>',
          Utm: '{ source?: string; medium?: string; campaign?: string; term?: string; content?: string }',
          LinkPreview: '{ title?: string; description?: string; image?: string }',
          AppSiteAssociation: 'Record<string, unknown>',
          AssetLinks: 'unknown[]',
        },
        // Type-only output: unions instead of runtime enums, no __typename; nullable fields of
        // object types are present as `T | null` (GraphQL and REST always send them), while
        // nullable arguments stay optional (`object: false` governs the *Args types).
        enumsAsTypes: true,
        skipTypename: true,
        avoidOptionals: { field: true, object: false, inputValue: false, defaultValue: false },
        maybeValue: 'T | null',
        inputMaybeValue: 'T | null | undefined',
        useTypeImports: true,
        strictScalars: true,
      },
    },
    'dashboard/src/gql/': {
      documents: ['dashboard/src/**/*.{ts,tsx}', '!dashboard/src/gql/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        documentMode: 'string',
        scalars: {
          ID: 'string',
          GeoTargeting: 'Record<string, string>',
          DeviceTargeting: '{ ios?: string; android?: string }',
          LinkFields: 'Record<string, unknown>',
          DateTime: 'string',
          LinkRules: 'Array<{ if: Record<string, unknown>; to: string }>',
          LinkVariants: 'Array<{ url: string; weight: number }>',
          Utm: '{ source?: string; medium?: string; campaign?: string; term?: string; content?: string }',
          LinkPreview: '{ title?: string; description?: string; image?: string }',
          AppSiteAssociation: 'Record<string, unknown>',
          AssetLinks: 'unknown[]',
        },
        enumsAsTypes: true,
        useTypeImports: true,
        strictScalars: true,
      },
    },
  },
};

export default config;
