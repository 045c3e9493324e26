/**
 * Picks one link for a report by what people know of it: its short URL, alias, title or destination
 * (GraphQL `links(q:)`), never its `lnk_` id, which stays the value kept. The ARIA combobox pattern:
 * typing lists up to eight links in the dashboard's combobox (ui/combobox.tsx, docs/adr/0242);
 * ↓ and ↑ move through them, Enter picks, Escape closes; how many were found is said politely.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { bareShortUrl } from '../analytics/link-labels';
import { gql } from '../api/graphql';
import { Combobox, useCombobox } from '../ui/combobox';
import { describedBy, Field } from '../ui/field';
import { ReportLinkSearchQuery } from './documents';
import { type FoundLink, offered, searchTerms } from './link-search';
import './link-picker.css';

/** Typing settles this long before the search is asked. */
const SETTLE_MS = 200;

export function LinkPicker({ id, label, error, onPick }: { id: string; label: string; error?: string; onPick: (link: FoundLink | null) => void }) {
  const box = useCombobox();
  const [text, setText] = useState('');
  const [found, setFound] = useState<FoundLink[]>([]);
  const [status, setStatus] = useState('');
  const picked = useRef<string | null>(null);
  const run = useRef(0);

  useEffect(() => {
    const terms = searchTerms(text);
    // Any answer still on its way is stale now: cleared or picked, the list stays closed.
    const mine = ++run.current;
    if (terms.q === '' || text === picked.current) return;
    const timer = setTimeout(() => {
      gql(ReportLinkSearchQuery, terms).then(
        (r) => {
          if (mine !== run.current) return;
          const links = offered(r.byAlias?.data ?? [], r.links?.data ?? []);
          setFound(links);
          if (links.length > 0) box.show(0);
          else box.close();
          setStatus(links.length === 0 ? 'No link matches.' : `${links.length} ${links.length === 1 ? 'link' : 'links'} found.`);
        },
        () => mine === run.current && setStatus('The search failed; try again.'),
      );
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const pick = (link: FoundLink) => {
    const shown = bareShortUrl(link.short_url);
    run.current++; // even when the text does not change (the effect would not run again)
    picked.current = shown;
    setText(shown);
    setStatus(`Picked ${shown}.`);
    onPick(link);
  };
  const onText = (value: string) => {
    setText(value);
    if (picked.current !== null) {
      picked.current = null;
      onPick(null);
    }
    if (value.trim() === '') {
      box.close();
      setFound([]);
    }
  };
  const hint = 'Type its short URL, alias, title or destination, then pick it.';
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Combobox
        id={id}
        box={box}
        class="link-picker"
        value={text}
        onText={onText}
        options={found}
        optionKey={(l) => l.id}
        option={(l) => (
          <>
            <span class="picker-url">{bareShortUrl(l.short_url)}</span>
            <span class="picker-detail muted">{l.title || l.destination}</span>
          </>
        )}
        onPick={pick}
        // Found links stay listed after Escape: ↓ and ↑ open them again at the first and last.
        opensAt={(step) => (found.length === 0 ? null : step > 0 ? 0 : found.length - 1)}
        listLabel={`${label}: links found`}
        status={status}
        describedBy={describedBy(id, hint, error)['aria-describedby']}
        invalid={Boolean(error)}
      />
    </Field>
  );
}
