/**
 * Picks one link for a report by what people know of it: its short URL, alias, title or destination
 * (GraphQL `links(q:)`), never its `lnk_` id, which stays the value kept. The ARIA combobox pattern:
 * typing lists up to eight links in a listbox; Down and Up move through them (the input keeps the
 * focus, `aria-activedescendant` names the option), Enter picks, Escape closes; how many were found
 * is said politely.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { gql } from '../api/graphql';
import { describedBy, Field } from '../ui/field';
import { ReportLinkSearchQuery } from './documents';
import { bareUrl, type FoundLink, offered, searchTerms } from './link-search';
import './link-picker.css';

/** Typing settles this long before the search is asked. */
const SETTLE_MS = 200;

export function LinkPicker({ id, label, error, onPick }: { id: string; label: string; error?: string; onPick: (link: FoundLink | null) => void }) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<FoundLink[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
          setActive(links.length > 0 ? 0 : -1);
          setOpen(true);
          setStatus(links.length === 0 ? 'No link matches.' : `${links.length} ${links.length === 1 ? 'link' : 'links'} found.`);
        },
        () => mine === run.current && setStatus('The search failed; try again.'),
      );
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const pick = (link: FoundLink) => {
    const shown = bareUrl(link.short_url);
    run.current++; // even when the text does not change (the effect would not run again)
    picked.current = shown;
    setText(shown);
    setOpen(false);
    setStatus(`Picked ${shown}.`);
    onPick(link);
  };
  const onInput = (value: string) => {
    setText(value);
    if (picked.current !== null) {
      picked.current = null;
      onPick(null);
    }
    if (value.trim() === '') {
      setOpen(false);
      setFound([]);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (found.length === 0) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive(open ? (active + step + found.length) % found.length : step > 0 ? 0 : found.length - 1);
      setOpen(true);
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      pick(found[active]!);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const listId = `${id}-list`;
  const hint = 'Type its short URL, alias, title or destination, then pick it.';
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div class="link-picker">
        <input
          {...describedBy(id, hint, error)}
          type="text"
          role="combobox"
          autocomplete="off"
          aria-autocomplete="list"
          aria-expanded={open && found.length > 0}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
          value={text}
          onInput={(e) => onInput(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <div id={listId} role="listbox" aria-label={`${label}: links found`} hidden={!open || found.length === 0}>
          {found.map((l, i) => (
            <div
              key={l.id}
              id={`${id}-option-${i}`}
              role="option"
              // The input keeps the focus (aria-activedescendant); -1 only lets a pointer focus it, as the pattern allows.
              tabIndex={-1}
              aria-selected={i === active}
              // Pressing an option must not blur the input first (which closes the list).
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(l)}
              onKeyDown={(e) => e.key === 'Enter' && pick(l)}
            >
              <span class="picker-url">{bareUrl(l.short_url)}</span>
              <span class="picker-detail muted">{l.title || l.destination}</span>
            </div>
          ))}
        </div>
        <span class="visually-hidden" aria-live="polite">
          {status}
        </span>
      </div>
    </Field>
  );
}
