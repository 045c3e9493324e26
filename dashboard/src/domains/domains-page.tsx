import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { graphql } from '../gql';
import { href } from '../router';
import { InputField } from '../ui/field';
import { ListTable } from '../ui/list-table';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { dayText } from '../ui/when';

const DomainsQuery = graphql(`
  query DashboardDomains {
    domains {
      data {
        host
        created_at
      }
    }
  }
`);

const CreateDomainMutation = graphql(`
  mutation DashboardCreateDomain($host: String!) {
    createDomain(host: $host) {
      host
    }
  }
`);

const DeleteDomainMutation = graphql(`
  mutation DashboardDeleteDomain($host: String!) {
    deleteDomain(host: $host)
  }
`);

const HINT = 'A host name such as go.example.com, pointed (DNS) at this service.';

export function DomainsPage() {
  const can = useCan();
  const q = useQuery(() => gql(DomainsQuery).then((d) => present(d.domains, 'domain list')), []);
  const [host, setHost] = useState('');
  const add = useMutation(() => gql(CreateDomainMutation, { host: host.trim() }));
  const del = useMutation((h: string) => gql(DeleteDomainMutation, { host: h }));
  const submit = async (e: Event) => {
    e.preventDefault();
    if ((await add.run()).ok) {
      setHost('');
      q.reload();
    }
  };
  const remove = async (h: string) => {
    if (confirm(`Remove ${h}? Only a domain that serves no links can be removed.`) && (await del.run(h)).ok) q.reload();
  };
  const hostError = add.error?.field('host') ?? add.error?.message;
  return (
    <section>
      <h1>Domains</h1>
      <p class="muted">Links use the service's default domain unless you add your own here.</p>
      {can.admin ? (
        <form class="card inline" onSubmit={submit}>
          <InputField id="host" label="Add a domain" hint={HINT} error={hostError} required value={host} onValue={setHost} />
          <button type="submit" class="primary" disabled={add.pending}>
            Add domain
          </button>
        </form>
      ) : null}
      {del.error ? <ErrorBox error={del.error} /> : null}
      <Loaded q={q}>
        {(d) => (
          <ListTable
            rows={d.data}
            rowKey={(x) => x.host}
            empty={<p>No custom domains yet.</p>}
            columns={[
              {
                header: 'Host',
                cell: (x) => <a href={href(`/domains/${encodeURIComponent(x.host)}`)}>{x.host}</a>,
              },
              { header: 'Added', cell: (x) => <time dateTime={x.created_at}>{dayText(x.created_at)}</time> },
              can.admin && {
                header: 'Actions',
                cell: (x) => (
                  <button type="button" class="small danger" onClick={() => remove(x.host)} aria-label={`Remove ${x.host}`}>
                    Remove
                  </button>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
