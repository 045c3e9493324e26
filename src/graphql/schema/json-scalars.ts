import { builder } from '../builder.js';
import { literalValue } from './scalars.js';

type JsonScalarName = 'LinkRules' | 'LinkVariants' | 'Utm' | 'LinkPreview' | 'AppSiteAssociation' | 'AssetLinks';

/** A JSON value scalar: sent and returned as given, validated by its zod schema in the service; a variable or an inline literal. */
function jsonScalar<N extends JsonScalarName>(name: N, description: string) {
  return builder.scalarType(name, {
    description: `${description} Accepted as a variable or an inline literal; validated field by field (validation_failed names each problem).`,
    serialize: (v) => v as never,
    parseValue: (v) => v as never,
    parseLiteral: (ast, variables) => literalValue(ast, variables) as never,
  });
}

export const LinkRulesScalar = jsonScalar(
  'LinkRules',
  'Ordered redirect rules (at most 50), e.g. [{"if": {"country": ["DE"], "device": ["mobile"]}, "to": "https://m.example.de/"}]. ' +
    'Conditions: country, continent, region, device, os, browser, language (lists, any case), query (param -> value, "*" = present), ' +
    'ip (CIDR blocks), after / before (date-times); all present must hold; the first matching rule wins.',
);
export const LinkVariantsScalar = jsonScalar(
  'LinkVariants',
  'A/B variants: 2-10 {"url", "weight"} with whole-number weights 1-100 summing to 100; a visitor keeps the variant first drawn.',
);
export const UtmScalar = jsonScalar('Utm', 'UTM values: any of source, medium, campaign, term, content (1-100 characters each).');
export const LinkPreviewScalar = jsonScalar(
  'LinkPreview',
  'The social preview link-preview crawlers get: any of title (<= 120), description (<= 300), image (https URL).',
);
export const AppSiteAssociationScalar = jsonScalar('AppSiteAssociation', 'A JSON object served as /.well-known/apple-app-site-association.');
export const AssetLinksScalar = jsonScalar('AssetLinks', 'A JSON array served as /.well-known/assetlinks.json.');
