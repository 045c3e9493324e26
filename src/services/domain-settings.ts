import type { Caller } from '../domain/caller.js';
import type { DestinationPolicy, TargetUrl } from '../domain/destinations.js';
import { type UpdateDomainInput, updateDomainSchema } from '../domain/domain-settings-schemas.js';
import { LskError } from '../domain/errors.js';
import type { LinkEvents } from '../domain/events/link-events.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import { assertUnrestricted } from '../domain/link-access.js';
import { hostSchema } from '../domain/link-schemas.js';
import type { Domain, DomainSettings } from '../domain/model.js';
import { parseOrThrow } from '../domain/validate.js';
import type { DomainsRepository } from '../storage/domains/repository.js';

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

/** The URLs a settings input writes (the blocklist checks them as it checks a link's targets). */
function urlsOf(input: UpdateDomainInput): TargetUrl[] {
  const out: TargetUrl[] = [];
  for (const path of ['root_url', 'not_found_url', 'expired_url'] as const) {
    const url = input[path];
    if (url) out.push({ path, url });
  }
  return out;
}

/**
 * A custom domain's settings (PATCH /v1/domains/{domain}); the redirects of this instance see a
 * change at once. Its URLs answer for every link on the domain, so a key restricted to some links
 * (unless to this very domain alone) may not change them; a URL on a blocked host is refused.
 */
export class DomainSettingsService {
  constructor(
    private readonly domains: DomainsRepository,
    private readonly events: LinkEvents,
    private readonly emitted: ServiceEvents,
    private readonly policy: DestinationPolicy,
  ) {}

  async update(caller: Caller, rawHost: string, raw: unknown): Promise<Domain> {
    const host = parseOrThrow(hostSchema, rawHost, 'domain');
    const input = parseOrThrow(updateDomainSchema, raw);
    const r = caller.restriction;
    if (!(r && r.tags === null && r.domains?.includes(host))) assertUnrestricted(caller, "change a domain's settings");
    await this.policy.assertAllowed(urlsOf(input));
    const domain = await this.domains.updateSettings(caller.workspaceId, host, patchOf(input));
    if (!domain) throw LskError.notFound('Domain');
    this.events.siteChanged(host);
    this.emitted.emit(caller, 'domain.updated', host);
    return domain;
  }
}
