/** What kind of place a referrer source is (docs/adr/0214). A closed set: the GraphQL enum ReferrerSourceKind. */
export const SOURCE_KINDS = ['search', 'social', 'video', 'messaging', 'email', 'ai', 'forum', 'code', 'other', 'direct'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** A named source and its kind. */
export interface Source {
  name: string;
  kind: SourceKind;
}
