/**
 * Clicks by country on a world map (its own chunk, loaded when the overview shows: the shapes are
 * about 40 KB gzipped). Countries with clicks are shaded by their count and are buttons that filter
 * the view like the Countries rows; the Locations panel lists the same numbers as a table. The
 * country under the pointer or the keyboard's focus is named below the map (a small one's outline
 * alone is hard to see).
 */

import { HEIGHT, SHAPES, WIDTH } from 'virtual:world-shapes';
import { useState } from 'preact/hooks';
import { countryName } from '../links/countries';
import { count } from '../ui/count';
import { percent, shares } from './percent';

export interface MapProps {
  counts: Map<string, number>;
  total: number;
  picked: string[];
  onPick: (code: string) => void;
}

/** Five shades, by the country's clicks relative to the busiest country. */
const level = (clicks: number, max: number) => (clicks > 0 ? Math.max(1, Math.ceil((clicks / max) * 5)) : 0);

export default function WorldMap({ counts, total, picked, onPick }: MapProps) {
  const max = Math.max(1, ...counts.values());
  // The same shares as the Locations panel's (largest remainder when the countries make up the total).
  const codes = [...counts.keys()];
  const shareOf = new Map(
    shares(
      codes.map((c) => counts.get(c) ?? 0),
      total,
    ).map((p, i) => [codes[i]!, p]),
  );
  const clicked = SHAPES.filter((s) => s.code && (counts.get(s.code) ?? 0) > 0);
  const [pointed, setPointed] = useState('');
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: the map is a drawing; a <fieldset> cannot hold its shapes. */}
      <svg class="world" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label="World map of clicks by country">
        <g class="land">
          {SHAPES.filter((s) => !clicked.includes(s)).map(({ code, d }, i) => (
            <path key={code || i} d={d} class="m0" />
          ))}
        </g>
        {clicked.map(({ code, d }) => {
          const clicks = counts.get(code) ?? 0;
          const name = `${countryName(code)}: ${count(clicks)} ${clicks === 1 ? 'click' : 'clicks'} (${shareOf.get(code) ?? percent(clicks, total)})`;
          const pick = () => onPick(code);
          return (
            // biome-ignore lint/a11y/useSemanticElements: a map shape cannot be a <button>; it gets the role, focus and keys of one.
            <path
              key={code}
              d={d}
              class={`m${level(clicks, max)}${picked.includes(code) ? ' picked' : ''}`}
              role="button"
              tabindex={0}
              aria-label={name}
              aria-pressed={picked.includes(code)}
              onClick={pick}
              onFocus={() => setPointed(name)}
              onBlur={() => setPointed('')}
              onMouseEnter={() => setPointed(name)}
              onMouseLeave={() => setPointed('')}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  pick();
                }
              }}
            >
              <title>{name}</title>
            </path>
          );
        })}
      </svg>
      {/* Screen readers hear the shape's own name; this repeats it for the eyes. */}
      <p class="map-pointed" aria-hidden="true">
        {pointed || '\u00a0'}
      </p>
    </>
  );
}
