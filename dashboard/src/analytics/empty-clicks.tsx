/** What the overview says when its period holds no click: why, and what to do next. */
import { useCan } from '../auth/session-context';
import { href } from '../router';

/** A workspace without links: the way to a first one (for members who may make links). */
function NoLinks() {
  const canWrite = useCan().writeLinks;
  return (
    <p>
      <strong>No links in this workspace yet.</strong>{' '}
      {canWrite ? (
        <>
          <a href={href('/links/new')}>Create a link</a> and share it or its QR code: each visit by a person shows up here within a minute (bots are counted
          apart).
        </>
      ) : (
        'Once members create and share links, each visit by a person shows up here within a minute (bots are counted apart).'
      )}
    </p>
  );
}

export function EmptyClicks({ filtered, oneLink, noLinks }: { filtered: boolean; oneLink: boolean; noLinks: boolean }) {
  return (
    <div class="state empty">
      {filtered ? (
        <p>
          <strong>No clicks match these filters</strong> in this period. Remove a filter above, or choose a longer period.
        </p>
      ) : noLinks ? (
        <NoLinks />
      ) : (
        <p>
          <strong>{oneLink ? 'No clicks on this link in this period yet.' : 'No clicks in this period yet.'}</strong> Share a short link or its QR code: each
          visit by a person shows up here within a minute (bots are counted apart). Choose a longer period to look further back.
        </p>
      )}
    </div>
  );
}
