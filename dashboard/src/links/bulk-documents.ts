/** The bulk calls of the links area: up to BULK_MAX links per call, each item succeeding or failing alone. */
import { graphql } from '../gql';

/** The most items one bulk call takes (createLinks, updateLinks, deleteLinks). */
export const BULK_MAX = 100;

export const BulkItemErrorFragment = graphql(`
  fragment BulkItemErrorFields on BulkItemError {
    code
    message
    details {
      path
      message
    }
  }
`);

export const CreateLinksMutation = graphql(`
  mutation DashboardCreateLinks($links: [LinkFields!]!) {
    createLinks(links: $links) {
      data {
        link {
          id
        }
        error {
          ...BulkItemErrorFields
        }
      }
    }
  }
`);

export const UpdateLinksMutation = graphql(`
  mutation DashboardUpdateLinks($ids: [ID!]!, $add_tags: [String!], $remove_tags: [String!]) {
    updateLinks(ids: $ids, add_tags: $add_tags, remove_tags: $remove_tags) {
      data {
        link {
          id
          tags
        }
        error {
          ...BulkItemErrorFields
        }
      }
    }
  }
`);

export const DeleteLinksMutation = graphql(`
  mutation DashboardDeleteLinks($ids: [ID!]!) {
    deleteLinks(ids: $ids) {
      deleted
      not_found
    }
  }
`);

/** One failed item: its error in words, with the fields at fault the message does not already say. */
export function itemProblem(e: { code: string; message: string; details?: { path: string; message: string }[] | null }): string {
  const more = (e.details ?? []).filter((d) => !e.message.includes(d.message)).map((d) => `${d.path}: ${d.message}`);
  return more.length ? `${e.message} (${more.join('; ')})` : e.message;
}
