import { useEffect, useRef, type ReactNode } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { latLngBounds } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { LatLng } from '@ztj/contracts';
import { MAP_TILES } from './mapConfig';
import styles from './devices.module.css';

/** Centre and zoom of a map with nothing to show yet (mainland China). */
const EMPTY_VIEW = { center: [35, 105] as [number, number], zoom: 4 };

interface BaseMapProps {
  /** First position to centre on before bounds are fitted (tile coordinates). */
  initial?: LatLng;
  /** Extra class of the box (height); the device area's map box by default. */
  className?: string;
  testId?: string;
  children?: ReactNode;
}

/**
 * The one Leaflet map of the device area (ARCHITECTURE §7), used by the track map and the device
 * map: tiles from the configured URL template (`VITE_MAP_TILE_URL`, see `mapConfig.ts`); with tiles
 * switched off, refused or without network the children still draw on a blank background.
 * Children get positions already converted with `toTilePosition`.
 */
export function BaseMap({ initial, className, testId, children }: BaseMapProps): ReactNode {
  return (
    <div className={className ?? styles.mapBox} data-testid={testId}>
      <MapContainer
        center={initial ? [initial.lat, initial.lng] : EMPTY_VIEW.center}
        zoom={initial ? 13 : EMPTY_VIEW.zoom}
        style={{ height: '100%', width: '100%' }}
        preferCanvas={false}
      >
        {MAP_TILES.url && <TileLayer url={MAP_TILES.url} attribution={MAP_TILES.attribution} subdomains={MAP_TILES.subdomains} />}
        {children}
      </MapContainer>
    </div>
  );
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

/** Fits the map to `positions` once per value of `fitKey` (child of {@link BaseMap}). */
export function FitBounds({ positions, fitKey, maxZoom = 16 }: FitBoundsProps): null {
  const map = useMap();
  const fitted = useRef<unknown>(undefined);
  useEffect(() => {
    if (fitKey === null || positions.length === 0 || fitted.current === fitKey) return;
    fitted.current = fitKey;
    map.fitBounds(latLngBounds(positions.map((p) => [p.lat, p.lng] as [number, number])), { padding: [24, 24], maxZoom });
  }, [map, fitKey, positions, maxZoom]);
  return null;
}
