import { useState } from 'preact/hooks';
import { useLinkNames } from '../analytics/link-names';
import { valueLabel } from '../analytics/value-labels';
import { gql, present } from '../api/graphql';
import { useCan } from '../auth/session-context';
import { Dotted } from '../ui/dotted';
import { Empty, ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { instantText } from '../ui/when';
import { DeleteReportMutation, ReportMembersQuery, ReportsQuery, SendReportMutation, UpdateReportFrequencyMutation } from './documents';
import { ReportForm } from './report-form';

type Report = {
  id: string;
  frequency: string;
  timezone: string;
  link_id?: string | null;
  tag?: string | null;
  domain?: string | null;
  recipients: string[];
  next_run_at: unknown;
  last_sent_at?: unknown;
};

/** What a report counts, as people read it: a link by its short URL (asked for once, link-names.ts), not its id. */
const scopeOf = (r: Report) =>
  r.link_id ? `link ${valueLabel('link_id', r.link_id)}` : r.tag ? `tag ${r.tag}` : r.domain ? `domain ${r.domain}` : 'whole workspace';
/** A time as the report's own zone reads it (the schedule is that zone's Monday or 1st, 08:00). */
const when = (v: unknown, zone: string) => (v ? instantText(String(v), zone) : 'never');

/**
 * Scheduled analytics reports (docs/adr/0219): the week's or month's clicks emailed to members on
 * Monday or the 1st, 08:00 in the report's zone. Members who write links make, send and delete them.
 */
export function ReportsPage() {
  const can = useCan();
  const q = useQuery(() => gql(ReportsQuery).then((d) => present(d.analyticsReports, 'reports')), []);
  const members = useQuery(() => gql(ReportMembersQuery).then((d) => present(d.members, 'members')), []);
  const send = useMutation((id: string) => gql(SendReportMutation, { id }).then((d) => d.sendAnalyticsReport));
  const flip = useMutation((r: Report) => gql(UpdateReportFrequencyMutation, { id: r.id, frequency: r.frequency === 'weekly' ? 'monthly' : 'weekly' }));
  const del = useMutation((id: string) => gql(DeleteReportMutation, { id }));
  const [lastSent, setLastSent] = useState<{ recipients: number; period_from: string; period_to: string } | null>(null);
  const emailOf = (id: string) => members.data?.data.find((m) => m.user_id === id)?.email ?? id;
  useLinkNames(q.data?.data.flatMap((r) => (r.link_id ? [r.link_id] : [])) ?? []);
  return (
    <section>
      <h1>Reports</h1>
      <p class="muted">The clicks of the week or month before, against the period before it, emailed to members of the workspace.</p>
      {q.data?.data.some((r) => !r.email_enabled) ? (
        <p class="state" role="status">
          Email is off on this server (no SMTP server): reports are kept but none is sent.
        </p>
      ) : null}
      {can.writeLinks && members.data ? <ReportForm members={members.data.data} onCreated={q.reload} /> : null}
      {send.error ? <ErrorBox error={send.error} /> : null}
      {lastSent ? (
        <p class="state" role="status">
          Sent to {lastSent.recipients} member(s): {lastSent.period_from} to {lastSent.period_to}.
        </p>
      ) : null}
      {del.error ? <ErrorBox error={del.error} /> : null}
      {flip.error ? <ErrorBox error={flip.error} /> : null}
      <Loaded q={q}>
        {(d) =>
          d.data.length === 0 ? (
            <Empty>
              <p>No reports yet.</p>
            </Empty>
          ) : (
            <ul class="rows">
              {d.data.map((r) => (
                <li class="row" key={r.id}>
                  <div class="grow">
                    <span class="strong">
                      <Dotted items={[r.frequency === 'weekly' ? 'Weekly' : 'Monthly', scopeOf(r)]} />
                    </span>
                    <div class="line muted">To {r.recipients.map(emailOf).join(', ')}</div>
                    <div class="line muted">
                      <Dotted items={[`Next ${when(r.next_run_at, r.timezone)} (${r.timezone})`, `last scheduled send ${when(r.last_sent_at, r.timezone)}`]} />
                    </div>
                  </div>
                  {can.writeLinks ? (
                    <div class="actions">
                      <button
                        type="button"
                        class="small"
                        disabled={send.pending}
                        onClick={async () => {
                          const res = await send.run(r.id);
                          setLastSent(res.ok ? (res.value ?? null) : null);
                        }}
                      >
                        Send now<span class="visually-hidden"> ({scopeOf(r)})</span>
                      </button>
                      <button type="button" class="small" onClick={async () => (await flip.run(r)).ok && q.reload()}>
                        Make {r.frequency === 'weekly' ? 'monthly' : 'weekly'}
                        <span class="visually-hidden"> ({scopeOf(r)})</span>
                      </button>
                      <button type="button" class="small danger" onClick={async () => (await del.run(r.id)).ok && q.reload()}>
                        Delete<span class="visually-hidden"> ({scopeOf(r)})</span>
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
