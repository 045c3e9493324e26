import type { CreateLinkInput } from '../domain/link-schemas.js';
import type { NewLink } from '../storage/links/repository.js';

/** A checked createLink input as the row to insert, less its id and alias (one place for createLink and createLinks). */
export function newLinkFrom(workspaceId: string, domain: string, input: CreateLinkInput, createdAt: Date): Omit<NewLink, 'id' | 'alias'> {
  return {
    workspaceId,
    domain,
    destination: input.destination,
    geoTargeting: input.geo_targeting ?? {},
    tags: input.tags ?? [],
    createdAt,
  };
}
