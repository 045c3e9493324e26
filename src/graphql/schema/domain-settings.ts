import { builder } from '../builder.js';
import { inputOf } from '../context.js';
import { AppSiteAssociationScalar, AssetLinksScalar } from './json-scalars.js';
import { DomainType } from './workspace.js';

/** A custom domain's settings: what `/`, unknown aliases and expired links do, crawlers, app-link files. */

builder.objectFields(DomainType, (t) => ({
  root_url: t.string({ nullable: true, description: 'Where `/` on the domain goes (null: the service default).', resolve: (d) => d.settings.rootUrl }),
  not_found_url: t.string({
    nullable: true,
    description: 'Where unknown aliases go (null: a 404 page).',
    resolve: (d) => d.settings.notFoundUrl,
  }),
  expired_url: t.string({
    nullable: true,
    description: "Where the domain's expired or exhausted links go when they set no expired_url (null: 410).",
    resolve: (d) => d.settings.expiredUrl,
  }),
  crawlable: t.boolean({
    description: 'Whether search engines may index the domain (robots.txt allows it; redirects carry no X-Robots-Tag: noindex).',
    resolve: (d) => d.settings.crawlable,
  }),
  apple_app_site_association: t.field({
    type: AppSiteAssociationScalar,
    nullable: true,
    description: 'Served as /.well-known/apple-app-site-association (null: 404).',
    resolve: (d) => d.settings.appleAppSiteAssociation,
  }),
  assetlinks: t.field({
    type: AssetLinksScalar,
    nullable: true,
    description: 'Served as /.well-known/assetlinks.json (null: 404).',
    resolve: (d) => d.settings.assetlinks,
  }),
}));

builder.mutationFields((t) => ({
  updateDomain: t.withAuth({ scope: 'domains:write' }).field({
    nullable: true,
    type: DomainType,
    description: "Change a custom domain's settings (each optional; null restores the default).",
    args: {
      domain: t.arg.string({ required: true, description: 'The host, e.g. go.example.com.' }),
      root_url: t.arg.string({ description: 'Absolute http(s) URL for `/`; null clears.' }),
      not_found_url: t.arg.string({ description: 'Absolute http(s) URL for unknown aliases; null clears.' }),
      expired_url: t.arg.string({ description: "Absolute http(s) URL for the domain's expired links; null clears." }),
      crawlable: t.arg.boolean({ description: 'Let search engines index the domain; default false.' }),
      apple_app_site_association: t.arg({ type: AppSiteAssociationScalar, description: 'JSON object (at most 64 KiB); null clears.' }),
      assetlinks: t.arg({ type: AssetLinksScalar, description: 'JSON array (at most 64 KiB); null clears.' }),
    },
    resolve: (_r, { domain, ...rest }, ctx) => ctx.services.domainSettings.update(ctx.caller, domain, inputOf(ctx, rest)),
  }),
}));
