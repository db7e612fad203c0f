import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import {
  canvas,
  geoJSON,
  layerGroup,
  type GeoJSON,
  type GeoJSONOptions,
  type PathOptions,
  type Renderer,
} from 'leaflet';

/** Leaflet pane of the basemap: under the tile pane (z-index 200), so loaded tiles cover it. */
export const BASEMAP_PANE = 'ztj-basemap';

/** Attribution shown on every map (Natural Earth data via world-atlas; docs/maps.md). */
export const BASEMAP_ATTRIBUTION =
  '<a href="https://www.naturalearthdata.com/" target="_blank" rel="noopener noreferrer">Natural Earth</a>';

/** Sea colour: the map's background behind the land. */
export const BASEMAP_SEA = '#d3e3f0';
const LAND: PathOptions = { color: '#8fadc6', weight: 1, fillColor: '#f6f4ef', fillOpacity: 1, interactive: false };
/** From this zoom on the land is drawn from Natural Earth 1:10m (loaded then), below it from 1:50m. */
export const DETAIL_ZOOM = 8;
const BORDERS: PathOptions = { color: '#a0948a', weight: 1, dashArray: '4 3', fill: false, interactive: false };

/**
 * The offline vector basemap, child of every console map: Natural Earth land
 * (1:50m; 1:10m from zoom {@link DETAIL_ZOOM} when `detailed`, i.e. when no tiles cover it;
 * outlines are the coastlines) and 1:50m country
 * borders on one canvas in a pane below the tiles, so without
 * network, with tiles off or failing the map still shows where things are. The data loads as a
 * separate asset once per page; a failed load leaves the sea colour and is tried again next time.
 * Natural Earth is WGS-84 and is not shifted for GCJ-02 tiles (a few hundred metres, within the
 * data's own generalisation).
 */
export function OfflineBasemap({ detailed }: { detailed: boolean }): null {
  const map = useMap();
  const wantDetail = useRef(detailed);
  const pick = useRef<() => void>(() => undefined);
  useEffect(() => {
    wantDetail.current = detailed;
    pick.current();
  }, [detailed]);
  useEffect(() => {
    const pane = map.getPane(BASEMAP_PANE) ?? map.createPane(BASEMAP_PANE);
    pane.style.zIndex = '150';
    pane.style.pointerEvents = 'none';
    const renderer = canvas({ pane: BASEMAP_PANE, padding: 0.5 });
    const group = layerGroup([], { pane: BASEMAP_PANE, attribution: BASEMAP_ATTRIBUTION });
    group.addTo(map);
    let live = true;
    // GeoJSON hands its options to the paths it creates, so they draw on this pane's canvas
    const options = (style: PathOptions): GeoJSONOptions & { renderer: Renderer } => ({
      pane: BASEMAP_PANE,
      renderer,
      style,
      interactive: false,
    });
    let coarse: GeoJSON | null = null;
    let fine: GeoJSON | null = null;
    // below DETAIL_ZOOM the 1:50m land, from it on the 1:10m land (loaded the first time), under the borders
    const pickLand = (): void => {
      if (!coarse) return;
      const close = wantDetail.current && map.getZoom() >= DETAIL_ZOOM;
      if (close && !fine) {
        void import('./naturalEarth')
          .then((m) => m.loadDetailedLand())
          .then((land) => {
            if (!live || fine) return;
            fine = geoJSON(land, options(LAND));
            pickLand();
          })
          .catch(() => undefined); // the 1:50m land stays
      }
      const shown = close && fine ? fine : coarse;
      const hidden = shown === coarse ? fine : coarse;
      if (hidden && group.hasLayer(hidden)) group.removeLayer(hidden);
      if (!group.hasLayer(shown)) {
        group.addLayer(shown);
        shown.bringToBack();
      }
      map.getContainer().dataset.basemapLand = shown === fine ? '10m' : '50m';
    };
    void import('./naturalEarth')
      .then((m) => m.loadNaturalEarth())
      .then(({ land, borders }) => {
        if (!live) return;
        coarse = geoJSON(land, options(LAND));
        group.addLayer(geoJSON(borders, options(BORDERS)));
        pickLand();
        map.getContainer().dataset.basemap = 'ready';
      })
      .catch(() => {
        if (live) map.getContainer().dataset.basemap = 'failed';
      });
    map.on('zoomend', pickLand);
    pick.current = pickLand;
    return () => {
      pick.current = () => undefined;
      live = false;
      map.off('zoomend', pickLand);
      group.remove();
    };
  }, [map]);
  return null;
}
