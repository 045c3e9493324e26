/**
 * What the address asked for that the view could not show (view-state.ts `ignored`): custom dates the
 * API would not read, a time zone the browser does not know. Said once above the figures, with what
 * is shown instead, so a shared or hand-edited address never silently shows another period.
 */
import type { Ignored } from './view-state';

export function IgnoredAddress({ ignored, zone }: { ignored: Ignored | undefined; zone: string }) {
  if (!ignored) return null;
  return (
    <div class="state notice" role="status">
      {ignored.range ? (
        <p>
          This address asks for the days <span class="nowrap">{ignored.range.from || '…'}</span> to <span class="nowrap">{ignored.range.to || '…'}</span>, but{' '}
          {ignored.range.why}: shown instead are the last 30 days. Choose other days under Custom.
        </p>
      ) : null}
      {ignored.tz ? (
        <p>
          This address names the time zone “{ignored.tz}”, which this browser does not know: shown instead in {zone}.
        </p>
      ) : null}
    </div>
  );
}
