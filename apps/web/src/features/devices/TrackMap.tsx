import { useEffect, useMemo, type ReactNode } from 'react';
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { latLngBounds, type LatLngExpression } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_TILES } from './mapConfig';
import { formatReportTime } from './parameterFormat';
import type { DrawnPoint } from './trackPlayback';
import styles from './devices.module.css';

interface TrackMapProps {
  /** Points already in the tiles' coordinate system. */
  points: readonly DrawnPoint[];
  /** Index of the moving marker. */
  index: number;
}

function FitBounds({ points }: { points: readonly DrawnPoint[] }): null {
  const map = useMap();
  useEffect(() => {
    if (points.length === 0) return;
    const bounds = latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 16 });
  }, [map, points]);
  return null;
}

/**
 * Leaflet map of a track: polyline, start and end dots and a moving marker at `index`. Tiles from
 * the configured URL template; without tiles (or network) the track draws on a blank background.
 */
export function TrackMap({ points, index }: TrackMapProps): ReactNode {
  const line = useMemo<LatLngExpression[]>(() => points.map((p) => [p.lat, p.lng]), [points]);
  const current = points[Math.min(index, points.length - 1)];
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <div className={styles.mapBox} data-testid="track-map">
      <MapContainer center={first ? [first.lat, first.lng] : [35, 105]} zoom={first ? 13 : 4} style={{ height: '100%', width: '100%' }} preferCanvas={false}>
        {MAP_TILES.url && <TileLayer url={MAP_TILES.url} attribution={MAP_TILES.attribution} subdomains={MAP_TILES.subdomains} />}
        <FitBounds points={points} />
        {line.length > 1 && <Polyline positions={line} pathOptions={{ color: '#1677ff', weight: 4, opacity: 0.85 }} className="ztj-track-line" />}
        {first && <CircleMarker center={[first.lat, first.lng]} radius={5} pathOptions={{ color: '#52c41a', fillOpacity: 1 }} />}
        {last && <CircleMarker center={[last.lat, last.lng]} radius={5} pathOptions={{ color: '#f5222d', fillOpacity: 1 }} />}
        {current && (
          <CircleMarker center={[current.lat, current.lng]} radius={8} pathOptions={{ color: '#fff', weight: 2, fillColor: '#fa8c16', fillOpacity: 1 }}>
            <Tooltip permanent direction="top" offset={[0, -8]}>
              {formatReportTime(current.ts)}
            </Tooltip>
          </CircleMarker>
        )}
      </MapContainer>
    </div>
  );
}
