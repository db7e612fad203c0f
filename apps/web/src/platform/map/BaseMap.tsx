import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { latLngBounds } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LatLng } from '@ztj/contracts';
import { useReducedMotion } from '../responsive/useReducedMotion';
import { MapSourceSwitch } from './MapSourceSwitch';
import { BASEMAP_SEA, OfflineBasemap } from './OfflineBasemap';
import { useMapTiles } from './useMapTiles';
import styles from './map.module.css';

/** Centre and zoom of a map with nothing to show yet (mainland China). */
const EMPTY_VIEW = { center: [35, 105] as [number, number], zoom: 4 };

/**
 * Largest zoom {@link FitBounds} uses when the map shows the offline basemap alone (no source
 * chosen, or its tiles fail): 1:50m Natural Earth has nothing to show closer in, while at 10
 * (≈ 130 m per pixel) the coast and the surroundings of the positions stay in view.
 */
export const OFFLINE_MAX_FIT_ZOOM = 10;

/** Whether a map shows only the offline basemap (no tiles chosen, or none of them loads). */
const OfflineViewContext = createContext(false);

/**
 * Follows the tiles of `url`: failing once a tile errors before any tile of it has loaded,
 * fine again as soon as one loads. Returns Leaflet event handlers and the state.
 */
function useTileHealth(url: string | undefined): {
  failing: boolean;
  handlers: { tileload: () => void; tileerror: () => void };
} {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const loaded = useRef(new Set<string>());
  const handlers = useMemo(
    () => ({
      tileload: () => {
        if (!url) return;
        loaded.current.add(url);
        setFailedUrl((f) => (f === url ? null : f));
      },
      tileerror: () => {
        if (url && !loaded.current.has(url)) setFailedUrl(url);
      },
    }),
    [url],
  );
  return { failing: url !== undefined && failedUrl === url, handlers };
}

interface BaseMapProps {
  /** First position to centre on before bounds are fitted (tile coordinates, see `useMapTiles().toTile`). */
  initial?: LatLng;
  /** Extra class of the box (its height); 460 px (320 px on phones) by default. */
  className?: string;
  testId?: string;
  children?: ReactNode;
}

/**
 * The one Leaflet map of the console (ARCHITECTURE §7): the offline Natural
 * Earth basemap always underneath, the online tiles of the active source over it (chosen at run
 * time from what the server allows, `MAP_TILES`), a layer switch in the top-right corner, and the
 * children. Children must draw positions converted with `useMapTiles().toTile` (GCJ-02 over Gaode).
 */
export function BaseMap({ initial, className, testId, children }: BaseMapProps): ReactNode {
  const { t } = useTranslation('map');
  const { source } = useMapTiles();
  const tiles = useTileHealth(source?.url);
  // no zoom or fade animations for a user (or a test browser) who asks for reduced motion
  const still = useReducedMotion();
  return (
    <div
      className={`${styles.frame} ${className ?? styles.mapBox}`}
      data-testid={testId}
      data-map-source={source?.id ?? 'offline'}
      data-tiles={source ? (tiles.failing ? 'failing' : 'ok') : 'none'}
    >
      <MapContainer
        center={initial ? [initial.lat, initial.lng] : EMPTY_VIEW.center}
        zoom={initial ? 13 : EMPTY_VIEW.zoom}
        style={{ height: '100%', width: '100%', background: BASEMAP_SEA }}
        preferCanvas={false}
        zoomAnimation={!still}
        fadeAnimation={!still}
        markerZoomAnimation={!still}
      >
        <OfflineBasemap detailed={!source || tiles.failing} />
        {source && (
          <TileLayer
            key={`${source.id} ${source.url}`}
            url={source.url}
            attribution={source.attribution}
            subdomains={source.subdomains}
            eventHandlers={tiles.handlers}
          />
        )}
        <FollowContainerSize />
        <OfflineViewContext.Provider value={!source || tiles.failing}>{children}</OfflineViewContext.Provider>
      </MapContainer>
      <MapSourceSwitch />
      {tiles.failing && (
        <div className={styles.notice} role="status" data-testid="map-tiles-failing">
          {t('tilesFailing')}
        </div>
      )}
    </div>
  );
}

/**
 * Tells Leaflet when its box changes size (drawers, tabs, phones): a map created while its box was
 * still being laid out otherwise keeps drawing — and clipping its layers — for the old size.
 */
function FollowContainerSize(): null {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

interface FitBoundsProps {
  /** Positions to show (tile coordinates). */
  positions: readonly LatLng[];
  /**
   * Bounds are fitted when this changes (and there are positions), not on every new position, so
   * live updates do not move the view under the user. Null: do not fit.
   */
  fitKey: unknown;
  /** Largest zoom when fitting (a single position would otherwise zoom all the way in). */
  maxZoom?: number;
}

/**
 * Fits the map to `positions` once per value of `fitKey` (child of {@link BaseMap}), and once more
 * when the map falls back to (or leaves) the offline basemap, whose fits stop at
 * {@link OFFLINE_MAX_FIT_ZOOM} so the coast and borders around the positions stay in view.
 */
export function FitBounds({ positions, fitKey, maxZoom = 16 }: FitBoundsProps): null {
  const map = useMap();
  const offline = useContext(OfflineViewContext);
  const still = useReducedMotion();
  const fitted = useRef<{ key: unknown; offline: boolean } | undefined>(undefined);
  useEffect(() => {
    if (fitKey === null || positions.length === 0) return;
    if (fitted.current && fitted.current.key === fitKey && fitted.current.offline === offline) return;
    fitted.current = { key: fitKey, offline };
    const zoom = offline ? Math.min(maxZoom, OFFLINE_MAX_FIT_ZOOM) : maxZoom;
    const bounds = latLngBounds(positions.map((p) => [p.lat, p.lng] as [number, number]));
    const fit = (): void => void map.fitBounds(bounds, { padding: [24, 24], maxZoom: zoom, animate: !still });
    fit();
    // fitted while the box had no size yet (a drawer or tab still opening): fit again once it has one
    const size = map.getSize();
    if (size.x > 0 && size.y > 0) return;
    const refit = (): void => {
      const s = map.getSize();
      if (s.x > 0 && s.y > 0) {
        map.off('resize', refit);
        fit();
      }
    };
    map.on('resize', refit);
    return () => void map.off('resize', refit);
  }, [map, fitKey, positions, maxZoom, offline, still]);
  return null;
}
