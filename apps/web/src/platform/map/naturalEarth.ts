import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, Feature, Geometry, MultiLineString, Polygon } from 'geojson';
import countries50mUrl from 'world-atlas/countries-50m.json?url';
import land10mUrl from 'world-atlas/land-10m.json?url';

/**
 * The offline basemap's data: Natural Earth 1:50m land and country borders
 * from world-atlas (public domain), fetched as its own hashed asset (≈ 230 KB gzip) only when a
 * map opens, never part of a script bundle; 1:10m land likewise when a map is zoomed in.
 */
export interface NaturalEarth {
  /** Land polygons, one feature each (coastlines are their outlines), WGS-84. */
  land: FeatureCollection<Polygon>;
  /** Borders between countries (shared arcs once, no coastlines), WGS-84. */
  borders: MultiLineString;
}

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let loading: Promise<NaturalEarth> | null = null;
let loadingDetail: Promise<FeatureCollection<Polygon>> | null = null;

async function fetchTopology<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`basemap: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** The polygons of a (multi)polygon feature collection, one feature each (so a map draws only those in view). */
function splitPolygons(land: Feature<Geometry> | FeatureCollection<Geometry>): FeatureCollection<Polygon> {
  const features: Feature<Polygon>[] = [];
  for (const f of land.type === 'FeatureCollection' ? land.features : [land]) {
    const g = f.geometry;
    const polygons = g.type === 'MultiPolygon' ? g.coordinates : g.type === 'Polygon' ? [g.coordinates] : [];
    for (const coordinates of polygons)
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * Natural Earth 1:10m land (≈ 775 KB gzip, ≈ 410,000 vertices; 1:50m has ≈ 61,000) for close
 * zooms, loaded once per page the first time a map is zoomed in that far; one feature per polygon.
 * @throws Error when the asset cannot be fetched (a later call tries again).
 */
export function loadDetailedLand(): Promise<FeatureCollection<Polygon>> {
  loadingDetail ??= fetchTopology<Topology<{ land: GeometryCollection }>>(land10mUrl)
    .then((topo) => splitPolygons(feature(topo, topo.objects.land)))
    .catch((err: unknown) => {
      loadingDetail = null;
      throw err;
    });
  return loadingDetail;
}

/**
 * Loads and decodes the basemap once per page (later calls share the promise; a failed load is
 * tried again by the next call).
 * @throws Error when the asset cannot be fetched (HTTP status) or is not the expected TopoJSON.
 */
export function loadNaturalEarth(): Promise<NaturalEarth> {
  loading ??= fetchTopology<CountriesTopology>(countries50mUrl)
    .then((topo) => {
      return {
        land: splitPolygons(feature(topo, topo.objects.land)),
        borders: mesh(topo, topo.objects.countries, (a, b) => a !== b),
      };
    })
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}
