import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { graphql } from '../gql';
import { href } from '../router';
import { InputField } from '../ui/field';
import { ListTable } from '../ui/list-table';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';

const TagsQuery = graphql(`
  query DashboardTags {
    tags {
      data {
        name
        links
        created_at
      }
    }
  }
`);

const UpdateTagMutation = graphql(`
  mutation DashboardUpdateTag($tag: String!, $name: String!) {
    updateTag(tag: $tag, name: $name) {
      name
      links
    }
  }
`);

const DeleteTagMutation = graphql(`
  mutation DashboardDeleteTag($name: String!) {
    deleteTag(name: $name)
  }
`);

/** Rename; a name another tag already has merges the two (the API's rule), so the form says so. */
function RenameForm({ tag, others, onDone }: { tag: string; others: string[]; onDone: () => void }) {
  const [name, setName] = useState(tag);
  const m = useMutation(() => gql(UpdateTagMutation, { tag, name: name.trim() }));
  const id = `rename-${tag}`;
  const merges = others.find((o) => o.toLowerCase() === name.trim().toLowerCase() && o !== tag);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (merges && !confirm(`Merge "${tag}" into "${merges}"? Every link tagged "${tag}" gets "${merges}".`)) return;
    if ((await m.run()).ok) onDone();
  };
  const hint = merges ? `"${merges}" exists: saving merges the two tags.` : undefined;
  return (
    <form class="inline" onSubmit={submit}>
      <InputField
        id={id}
        label={`New name for ${tag}`}
        hint={hint}
        error={m.error?.field('name') ?? m.error?.message}
        required
        maxLength={64}
        value={name}
        onValue={setName}
      />
      <button type="submit" class="small" disabled={m.pending || name.trim() === tag}>
        {merges ? 'Merge' : 'Rename'}
      </button>
    </form>
  );
}

export function TagsPage() {
  const can = useCan();
  const q = useQuery(() => gql(TagsQuery).then((d) => present(d.tags, 'tag list')), []);
  const [editing, setEditing] = useState<string | null>(null);
  const del = useMutation((name: string) => gql(DeleteTagMutation, { name }));
  const remove = async (name: string) => {
    if (confirm(`Delete the tag "${name}"? It is removed from every link; the links stay.`) && (await del.run(name)).ok) q.reload();
  };
  return (
    <section>
      <h1>Tags</h1>
      {del.error ? <ErrorBox error={del.error} /> : null}
      <Loaded q={q}>
        {(d) => (
          <ListTable
            rows={d.data}
            rowKey={(t) => t.name}
            empty={<p>No tags yet. Tags are created when a link uses one.</p>}
            columns={[
              { header: 'Tag', cell: (t) => <a href={href(`/links?tag=${encodeURIComponent(t.name)}`)}>{t.name}</a> },
              { header: 'Links', num: true, cell: (t) => t.links },
              can.writeLinks && {
                header: 'Actions',
                cell: (t) =>
                  editing === t.name ? (
                    <RenameForm
                      tag={t.name}
                      others={d.data.map((o) => o.name)}
                      onDone={() => {
                        setEditing(null);
                        q.reload();
                      }}
                    />
                  ) : (
                    <div class="actions">
                      <button type="button" class="small" onClick={() => setEditing(t.name)}>
                        Rename or merge
                      </button>
                      <button type="button" class="small danger" onClick={() => remove(t.name)} aria-label={`Delete tag ${t.name}`}>
                        Delete
                      </button>
                    </div>
                  ),
              },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
