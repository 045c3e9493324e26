/**
 * The world map's shapes, made at build time: Natural Earth's 1:110m countries (world-atlas, ISC)
 * projected once (Equal Earth, d3-geo) into SVG path strings keyed by ISO 3166-1 alpha-2 code. The
 * browser gets only those strings, in the map's own lazily loaded chunk: no map library, no request
 * to another host. Antarctica is left out (few clicks, much space).
 */
import { createRequire } from 'node:module';
import { geoEqualEarth, geoPath } from 'd3-geo';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';

const ID = 'virtual:world-shapes';
const WIDTH = 960;

/** Shapes without an ISO number in the data set that have a code people use. */
const BY_NAME: Record<string, string> = { Kosovo: 'XK' };

export function worldShapes(): Plugin {
  return {
    name: 'lsk-world-shapes',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      const topology = createRequire(import.meta.url)('world-atlas/countries-110m.json') as Topology<{ countries: GeometryCollection<{ name: string }> }>;
      const all = feature(topology, topology.objects.countries);
      const land = { ...all, features: all.features.filter((f) => f.id !== '010') };
      const projection = geoEqualEarth().fitWidth(WIDTH, land);
      const path = geoPath(projection).digits(1);
      const [[, top], [, bottom]] = path.bounds(land);
      projection.translate([projection.translate()[0], projection.translate()[1] - top]);
      const shapes = land.features.map((f) => ({
        code: (f.id ? countries.numericToAlpha2(String(f.id)) : BY_NAME[f.properties.name]) ?? '',
        d: path(f) ?? '',
      }));
      return `export const WIDTH = ${WIDTH};\nexport const HEIGHT = ${Math.ceil(bottom - top)};\nexport const SHAPES = ${JSON.stringify(shapes)};\n`;
    },
  };
}
