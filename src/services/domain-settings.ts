import { type UpdateDomainInput, updateDomainSchema } from '../domain/domain-settings-schemas.js';
import { LskError } from '../domain/errors.js';
import { hostSchema } from '../domain/link-schemas.js';
import type { Domain, DomainSettings } from '../domain/model.js';
import { parseOrThrow } from '../domain/validate.js';
import type { DomainsRepository } from '../storage/domains/repository.js';
import type { LinkEvents } from './link-events.js';

function patchOf(input: UpdateDomainInput): Partial<DomainSettings> {
  const out: Partial<DomainSettings> = {};
  if (input.root_url !== undefined) out.rootUrl = input.root_url;
  if (input.not_found_url !== undefined) out.notFoundUrl = input.not_found_url;
  if (input.expired_url !== undefined) out.expiredUrl = input.expired_url;
  if (input.crawlable !== undefined) out.crawlable = input.crawlable ?? false;
  if (input.apple_app_site_association !== undefined) out.appleAppSiteAssociation = input.apple_app_site_association;
  if (input.assetlinks !== undefined) out.assetlinks = input.assetlinks;
  return out;
}

/** A custom domain's settings (PATCH /v1/domains/{domain}); the redirects of this instance see a change at once. */
export class DomainSettingsService {
  constructor(
    private readonly domains: DomainsRepository,
    private readonly events: LinkEvents,
  ) {}

  async update(workspaceId: string, rawHost: string, raw: unknown): Promise<Domain> {
    const host = parseOrThrow(hostSchema, rawHost, 'domain');
    const input = parseOrThrow(updateDomainSchema, raw);
    const domain = await this.domains.updateSettings(workspaceId, host, patchOf(input));
    if (!domain) throw LskError.notFound('Domain');
    this.events.siteChanged(host);
    return domain;
  }
}
