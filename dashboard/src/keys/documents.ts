import { graphql } from '../gql';

export const KeysQuery = graphql(`
  query DashboardKeys {
    keys {
      data {
        id
        name
        created_at
        expires_at
        last_used_at
        revoked_at
        scopes
        domains
        tags
      }
    }
  }
`);

/** What a new key may be given: the caller's own scopes (a key never gets more), the workspace's domains and tags. */
export const KeyChoicesQuery = graphql(`
  query DashboardKeyChoices {
    viewer {
      scopes
    }
    domains {
      data {
        host
      }
    }
    tags {
      data {
        name
      }
    }
  }
`);

export const CreateKeyMutation = graphql(`
  mutation DashboardCreateKey($name: String, $scopes: [String!], $domains: [String!], $tags: [String!]) {
    createKey(name: $name, scopes: $scopes, domains: $domains, tags: $tags) {
      id
      name
      key
      expires_at
    }
  }
`);

export const RevokeKeyMutation = graphql(`
  mutation DashboardRevokeKey($id: ID!) {
    revokeKey(id: $id) {
      id
      revoked_at
    }
  }
`);
