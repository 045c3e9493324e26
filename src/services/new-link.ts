import type { CreateLinkInput } from '../domain/link-schemas.js';
import type { NewLink } from '../storage/links/repository.js';
import { behaviourOf, NO_BEHAVIOUR } from './link-fields.js';

/** A checked createLink input as the row to insert, less its id and alias (one place for createLink and createLinks). */
export async function newLinkFrom(workspaceId: string, domain: string, input: CreateLinkInput, createdAt: Date): Promise<Omit<NewLink, 'id' | 'alias'>> {
  return {
    workspaceId,
    domain,
    destination: input.destination,
    geoTargeting: input.geo_targeting ?? {},
    tags: input.tags ?? [],
    createdAt,
    ...NO_BEHAVIOUR,
    ...(await behaviourOf(input, createdAt)),
  };
}
