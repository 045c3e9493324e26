import { listSessions, revokeSession } from '../api/second-factors';
import { navigate } from '../router';
import { ErrorBox, Loaded } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';
import { instantText } from '../ui/when';

const device = (browser: string | null, os: string | null) => [browser ?? 'Unknown browser', os ? `on ${os}` : ''].filter(Boolean).join(' ');

/** Where the account is signed in: each session with its browser and when it was last active; end any of them. */
export function SessionsCard({ onSignedOut }: { onSignedOut: () => Promise<boolean> }) {
  const q = useQuery(listSessions, []);
  const revoke = useMutation(revokeSession);
  const end = async (id: string, current: boolean) => {
    if (!(await revoke.run(id)).ok) return;
    if (current) {
      await onSignedOut();
      navigate('/sign-in', true);
    } else q.reload();
  };
  return (
    <section class="card" aria-labelledby="sessions-h">
      <h2 id="sessions-h">Where you are signed in</h2>
      {revoke.error ? <ErrorBox error={revoke.error} /> : null}
      <Loaded q={q}>
        {(sessions) => (
          <div class="scroll">
            <table class="table">
              <thead>
                <tr>
                  <th scope="col">Browser</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last active</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {device(s.browser, s.os)}
                      {s.current ? <span class="badge">this browser</span> : null}
                    </td>
                    <td>
                      <time dateTime={s.created_at}>{instantText(s.created_at)}</time>
                    </td>
                    <td>
                      <time dateTime={s.last_seen_at}>{instantText(s.last_seen_at)}</time>
                    </td>
                    <td>
                      <button
                        type="button"
                        class="small danger"
                        onClick={() => end(s.id, s.current)}
                        disabled={revoke.pending}
                        aria-label={s.current ? 'Sign out this browser' : `Sign out ${device(s.browser, s.os)}, signed in ${instantText(s.created_at)}`}
                      >
                        Sign out
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
    </section>
  );
}
