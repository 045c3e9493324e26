/**
 * Short facts in a line, set apart by "·" (`10 clicks · 1 from bots · 1–7 Nov`). Where the line
 * wraps, no dot starts or ends a line: each dot leads its item and sits in a margin that the list
 * clips at the start of every line (dotted.css), so a wrapped line starts with a fact and the line
 * before ends with one. The dots stay in the text (copied, and found by text) but are not spoken.
 */
import type { ComponentChildren } from 'preact';
import './dotted.css';

export function Dotted({ items }: { items: ComponentChildren[] }) {
  const shown = items.filter((item) => item !== null && item !== undefined && item !== false && item !== '');
  return (
    <span class="dotted">
      <span class="dotted-items">
        {shown.map((item, i) => (
          <span key={i} class="dotted-item">
            {i > 0 ? (
              <span class="dot" aria-hidden="true">
                {' · '}
              </span>
            ) : null}
            {item}
          </span>
        ))}
      </span>
    </span>
  );
}
