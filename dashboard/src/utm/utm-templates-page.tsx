import { useEffect, useRef, useState } from 'preact/hooks';
import { UTM_KEYS, type UtmKey } from '../../../src/domain/utm-url';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { graphql } from '../gql';
import { UtmTemplatesQuery } from '../links/documents';
import { navigate, useLocation } from '../router';
import { InputField } from '../ui/field';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';

const CreateUtmTemplateMutation = graphql(`
  mutation DashboardCreateUtmTemplate($name: String!, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {
    createUtmTemplate(name: $name, source: $source, medium: $medium, campaign: $campaign, term: $term, content: $content) {
      id
    }
  }
`);

const UpdateUtmTemplateMutation = graphql(`
  mutation DashboardUpdateUtmTemplate($id: ID!, $name: String, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {
    updateUtmTemplate(id: $id, name: $name, source: $source, medium: $medium, campaign: $campaign, term: $term, content: $content) {
      id
    }
  }
`);

const UtmTemplateQuery = graphql(`
  query DashboardUtmTemplate($id: ID!) {
    utmTemplate(id: $id) {
      id
      name
      source
      medium
      campaign
      term
      content
    }
  }
`);

const DeleteUtmTemplateMutation = graphql(`
  mutation DashboardDeleteUtmTemplate($id: ID!) {
    deleteUtmTemplate(id: $id)
  }
`);

type Values = { name: string } & Record<UtmKey, string>;
const EMPTY: Values = { name: '', source: '', medium: '', campaign: '', term: '', content: '' };
const orNull = (v: string) => v.trim() || null;

/**
 * The workspace's UTM templates: the link form's picker fills a link's UTM fields from one. The
 * template being edited is in the URL (`?edit=utm_…`), loaded as it is now.
 */
export function UtmTemplatesPage() {
  const can = useCan();
  const q = useQuery(() => gql(UtmTemplatesQuery).then((d) => present(d.utmTemplates, 'UTM templates')), []);
  const editing = useLocation().search.get('edit') || null;
  const [v, setV] = useState<Values>(EMPTY);
  const current = useQuery(() => (editing ? gql(UtmTemplateQuery, { id: editing }).then((d) => d.utmTemplate) : Promise.resolve(null)), [editing]);
  // The form shows the template being edited once it loads and empties when editing ends; nothing
  // else resets it, so what is typed while the page is still loading stays (the empty answer of
  // "nothing edited" used to arrive after the first keystrokes and wipe them).
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const t = current.data;
    if (t && shown.current !== t.id) {
      shown.current = t.id;
      setV({ name: t.name, ...Object.fromEntries(UTM_KEYS.map((k) => [k, t[k] ?? ''])) } as Values);
    } else if (!editing && shown.current !== null) {
      shown.current = null;
      setV(EMPTY);
    }
  }, [current.data, editing]);
  const save = useMutation((vals: Values) => {
    const vars = { name: vals.name.trim(), ...Object.fromEntries(UTM_KEYS.map((k) => [k, orNull(vals[k])])) };
    return editing ? gql(UpdateUtmTemplateMutation, { id: editing, ...vars }) : gql(CreateUtmTemplateMutation, vars);
  });
  const del = useMutation((id: string) => gql(DeleteUtmTemplateMutation, { id }));
  const edit = (id: string | null) => navigate(id ? `/utm-templates?edit=${encodeURIComponent(id)}` : '/utm-templates');
  const submit = async (e: Event) => {
    e.preventDefault();
    if ((await save.run(v)).ok) {
      setV(EMPTY);
      edit(null);
      q.reload();
    }
  };
  return (
    <section>
      <h1>UTM templates</h1>
      <p class="muted">Named sets of UTM values; the link form applies one to a link in a click.</p>
      {can.writeLinks ? (
        <form class="card form" onSubmit={submit} noValidate aria-label={editing ? 'Edit template' : 'New template'}>
          <InputField
            id="tpl-name"
            label="Template name"
            error={save.error?.field('name')}
            required
            maxLength={64}
            value={v.name}
            onValue={(name) => setV({ ...v, name })}
          />
          <div class="utm-grid">
            {UTM_KEYS.map((k) => (
              <InputField
                key={k}
                id={`tpl-${k}`}
                label={`utm_${k}`}
                maxLength={100}
                error={save.error?.field(k)}
                value={v[k]}
                onValue={(x) => setV({ ...v, [k]: x })}
              />
            ))}
          </div>
          <div class="form-actions">
            <button type="submit" class="primary" disabled={save.pending}>
              {editing ? 'Save template' : 'Add template'}
            </button>
            {editing ? (
              <button type="button" onClick={() => edit(null)}>
                Cancel
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {current.error ? <ErrorBox error={current.error} /> : null}
      {del.error ? <ErrorBox error={del.error} /> : null}
      <Loaded q={q}>
        {(d) =>
          d.data.length === 0 ? (
            <Empty>
              <p>No UTM templates yet.</p>
            </Empty>
          ) : (
            <ul class="rows">
              {d.data.map((t) => (
                <li class="row" key={t.id}>
                  <div class="grow">
                    <span class="strong">{t.name}</span>
                    <div class="line muted">
                      {UTM_KEYS.filter((k) => t[k])
                        .map((k) => `utm_${k}=${t[k]}`)
                        .join(' · ')}
                    </div>
                  </div>
                  {can.writeLinks ? (
                    <div class="actions">
                      <button type="button" class="small" onClick={() => edit(t.id)}>
                        Edit<span class="visually-hidden"> {t.name}</span>
                      </button>
                      <button type="button" class="small danger" onClick={async () => (await del.run(t.id)).ok && q.reload()}>
                        Delete<span class="visually-hidden"> {t.name}</span>
                      </button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
