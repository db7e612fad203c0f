import { Fragment, useMemo, type ReactNode } from 'react';
import { Circle, CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import type { LatLng, WaybillRoute } from '@ztj/contracts';
import { BaseMap, FitBounds } from '../../../platform/map/BaseMap';
import { useMapTiles } from '../../../platform/map/useMapTiles';

/** A waybill drawn on a map: its route snapshot, travelled track and live position (WGS-84). */
export interface WaybillMapEntry {
  id: string;
  route: WaybillRoute;
  /** Newest position, or null before the first fix. */
  position: (LatLng & { label?: string }) | null;
  /** Positions driven so far, time order. */
  track?: readonly LatLng[];
}

interface WaybillMapProps {
  entries: readonly WaybillMapEntry[];
  /** The view is fitted when this changes. */
  fitKey: unknown;
  onSelect?: (id: string) => void;
  className?: string;
  testId?: string;
}

/**
 * Waybills on the console's {@link BaseMap}: each preset route as a dashed line
 * origin → waypoints → destination with its origin (green) and destination (red) fences (radius m),
 * the travelled track in orange and the truck's newest position as a marker with its label.
 * Positions are WGS-84 and drawn in the tiles' system (`useMapTiles().toTile`, GCJ-02 over Gaode).
 */
export function WaybillMap({
  entries,
  fitKey,
  onSelect,
  className,
  testId = 'waybill-map',
}: WaybillMapProps): ReactNode {
  const { toTile } = useMapTiles();
  const drawn = useMemo(
    () =>
      entries.map((e) => {
        const at = (p: LatLng): [number, number] => {
          const x = toTile(p.lat, p.lng);
          return [x.lat, x.lng];
        };
        const line = [e.route.origin, ...e.route.waypoints, e.route.destination].map(at);
        return {
          ...e,
          line,
          origin: at(e.route.origin),
          destination: at(e.route.destination),
          trackLine: (e.track ?? []).map(at),
          truck: e.position ? at(e.position) : null,
        };
      }),
    [entries, toTile],
  );
  const bounds = useMemo(
    () => drawn.flatMap((d) => [...d.line, ...(d.truck ? [d.truck] : [])]).map(([lat, lng]) => ({ lat, lng })),
    [drawn],
  );
  return (
    <BaseMap testId={testId} className={className} initial={bounds[0]}>
      <FitBounds positions={bounds} fitKey={bounds.length ? fitKey : null} maxZoom={15} />
      {drawn.map((d) => (
        <Fragment key={d.id}>
          <Polyline
            positions={d.line}
            pathOptions={{ color: '#1677ff', weight: 3, opacity: 0.6, dashArray: '6 6' }}
            className="ztj-waybill-route"
          />
          <Circle
            center={d.origin}
            radius={d.route.fenceRadiusM}
            pathOptions={{ color: '#52c41a', weight: 1, fillOpacity: 0.12 }}
          >
            <Tooltip>{d.route.origin.name ?? ''}</Tooltip>
          </Circle>
          <Circle
            center={d.destination}
            radius={d.route.fenceRadiusM}
            pathOptions={{ color: '#f5222d', weight: 1, fillOpacity: 0.12 }}
          >
            <Tooltip>{d.route.destination.name ?? ''}</Tooltip>
          </Circle>
          {d.trackLine.length > 1 && (
            <Polyline
              positions={d.trackLine}
              pathOptions={{ color: '#fa8c16', weight: 4, opacity: 0.9 }}
              className="ztj-waybill-track"
            />
          )}
          {d.truck && (
            <CircleMarker
              center={d.truck}
              radius={9}
              pathOptions={{ color: '#fff', weight: 2, fillColor: '#fa541c', fillOpacity: 1 }}
              className="ztj-waybill-truck"
              eventHandlers={onSelect ? { click: () => onSelect(d.id) } : undefined}
            >
              {d.position?.label && (
                <Tooltip permanent direction="top" offset={[0, -8]}>
                  {d.position.label}
                </Tooltip>
              )}
            </CircleMarker>
          )}
        </Fragment>
      ))}
    </BaseMap>
  );
}
