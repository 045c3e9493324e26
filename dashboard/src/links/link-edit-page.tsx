import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import type { Params } from '../router';
import { href, navigate } from '../router';
import { Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { CreateLinkMutation, LinkQuery, UpdateLinkMutation } from './documents';
import type { LinkInput } from './link-draft';
import { LinkForm } from './link-form';

function ReadOnly() {
  return (
    <section>
      <h1>Read only</h1>
      <p>Your role in this workspace can read links but not change them.</p>
    </section>
  );
}

export function LinkNewPage() {
  const can = useCan();
  // The form always fills in the destination of a new link (the API says when it is empty).
  const m = useMutation((input: LinkInput) => gql(CreateLinkMutation, { ...input, destination: input.destination ?? '' }));
  if (!can.writeLinks) return <ReadOnly />;
  const submit = async (input: LinkInput) => {
    const r = await m.run(input);
    if (r.ok && r.value.createLink) navigate(`/links/${encodeURIComponent(r.value.createLink.id)}`);
  };
  return (
    <section>
      <p class="crumbs">
        <a href={href('/links')}>Links</a> /
      </p>
      <h1>New link</h1>
      <LinkForm submitLabel="Create link" pending={m.pending} error={m.error} onSubmit={submit} />
    </section>
  );
}

export function LinkEditPage({ id = '' }: Params) {
  const can = useCan();
  const q = useQuery(() => gql(LinkQuery, { id }).then((d) => present(d.link, 'link')), [id]);
  const m = useMutation((input: LinkInput) => gql(UpdateLinkMutation, { id: id, ...input }));
  if (!can.writeLinks) return <ReadOnly />;
  const submit = async (input: LinkInput) => {
    if ((await m.run(input)).ok) navigate(`/links/${encodeURIComponent(id)}`);
  };
  return (
    <section>
      <p class="crumbs">
        <a href={href('/links')}>Links</a> / <a href={href(`/links/${encodeURIComponent(id)}`)}>{id}</a> /
      </p>
      <h1>Edit link</h1>
      <Loaded q={q}>{(d) => <LinkForm link={d} submitLabel="Save changes" pending={m.pending} error={m.error} onSubmit={submit} />}</Loaded>
    </section>
  );
}
