/** The overview's map panel: the view's clicks by country, the map itself loaded on first use. */

import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Dotted } from '../ui/dotted';
import { ErrorBox, Loaded, Loading } from '../ui/states';
import { asApiError, useQuery } from '../ui/use-query';
import type { FilterField } from './dimensions';
import { breakdown, type Scope } from './fetch';
import type { FieldFilter } from './view-state';
import type { MapProps } from './world-map';
import './world-map.css';

let loading: Promise<FunctionComponent<MapProps>> | null = null;
const loadMap = () => {
  loading ??= import('./world-map').then((m) => m.default);
  // A failed load (say, a new release replaced the chunk) is tried again next time.
  loading.catch(() => {
    loading = null;
  });
  return loading;
};

interface Props {
  scope: Scope;
  picked: FieldFilter | undefined;
  onPick: (field: FilterField, value: string, exclude: boolean) => void;
}

export function MapPanel({ scope, picked, onPick }: Props) {
  const [WorldMap, setMap] = useState<FunctionComponent<MapProps> | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  useEffect(() => {
    loadMap().then(
      (m) => setMap(() => m),
      (e: unknown) => setFailed(e),
    );
  }, []);
  const q = useQuery(() => breakdown('countries', scope), [scope.from, scope.to, scope.timezone, JSON.stringify(scope.filter)]);
  return (
    <section class="panel map-panel" aria-labelledby="panel-map-h" aria-busy={q.loading || !WorldMap}>
      <div class="panel-head">
        <h2 id="panel-map-h">Map</h2>
        <p class="muted legend">
          <Dotted
            items={[
              <>
                <span aria-hidden="true" class="scale" /> fewer to more clicks
              </>,
              'the Locations panel lists them',
            ]}
          />
        </p>
      </div>
      {failed ? <ErrorBox error={asApiError(failed)} /> : null}
      <Loaded q={q}>
        {(a) =>
          WorldMap ? (
            <WorldMap
              counts={new Map(a.data.map((r) => [r.key, r.clicks]))}
              total={a.total.clicks}
              picked={picked && !picked.exclude ? picked.values : []}
              onPick={(code) => onPick('country', code, false)}
            />
          ) : failed ? null : (
            <Loading label="Loading the map…" />
          )
        }
      </Loaded>
    </section>
  );
}
