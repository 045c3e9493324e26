/** What the overview says when its period holds no click: why, and what to do next. */
import { useCan } from '../auth/session-context';
import { href } from '../router';

/** A signed-in member's way to a first link (a new workspace's Analytics page has nothing to share yet). */
function CreateLink() {
  return useCan().writeLinks ? (
    <>
      {' '}
      No link to share yet? <a href={href('/links/new')}>Create a link</a>.
    </>
  ) : null;
}

export function EmptyClicks({ filtered, oneLink, signedIn }: { filtered: boolean; oneLink: boolean; signedIn: boolean }) {
  return (
    <div class="state empty">
      {filtered ? (
        <p>
          <strong>No clicks match these filters</strong> in this period. Remove a filter above, or choose a longer period.
        </p>
      ) : (
        <p>
          <strong>{oneLink ? 'No clicks on this link in this period yet.' : 'No clicks in this period yet.'}</strong> Share a short link or its QR code: each
          visit by a person shows up here within a minute (bots are counted apart). Choose a longer period to look further back.
          {signedIn && !oneLink ? <CreateLink /> : null}
        </p>
      )}
    </div>
  );
}
