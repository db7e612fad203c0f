import { useMemo, type ReactNode } from 'react';
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import type { LatLngExpression } from 'leaflet';
import { BaseMap, FitBounds } from './BaseMap';
import { formatReportTime } from './parameterFormat';
import type { DrawnPoint } from './trackPlayback';

interface TrackMapProps {
  /** Points already in the tiles' coordinate system. */
  points: readonly DrawnPoint[];
  /** Index of the moving marker. */
  index: number;
}

/**
 * Leaflet map of a track: polyline, start and end dots and a moving marker at `index`, on the
 * console's {@link BaseMap} (offline basemap under the chosen tiles).
 */
export function TrackMap({ points, index }: TrackMapProps): ReactNode {
  const line = useMemo<LatLngExpression[]>(() => points.map((p) => [p.lat, p.lng]), [points]);
  const current = points[Math.min(index, points.length - 1)];
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <BaseMap initial={first} testId="track-map">
      <FitBounds positions={points} fitKey={points} />
      {line.length > 1 && (
        <Polyline
          positions={line}
          pathOptions={{ color: '#1677ff', weight: 4, opacity: 0.85 }}
          className="ztj-track-line"
        />
      )}
      {first && (
        <CircleMarker center={[first.lat, first.lng]} radius={5} pathOptions={{ color: '#52c41a', fillOpacity: 1 }} />
      )}
      {last && (
        <CircleMarker center={[last.lat, last.lng]} radius={5} pathOptions={{ color: '#f5222d', fillOpacity: 1 }} />
      )}
      {current && (
        <CircleMarker
          center={[current.lat, current.lng]}
          radius={8}
          pathOptions={{ color: '#fff', weight: 2, fillColor: '#fa8c16', fillOpacity: 1 }}
        >
          <Tooltip permanent direction="top" offset={[0, -8]}>
            {formatReportTime(current.ts)}
          </Tooltip>
        </CircleMarker>
      )}
    </BaseMap>
  );
}
