import { useMemo, type ReactNode } from 'react';
import { Circle, Marker, Polygon, Polyline, Tooltip, useMapEvents } from 'react-leaflet';
import { divIcon, type DivIcon, type LeafletEvent, type Marker as LeafletMarker } from 'leaflet';
import type { LatLng } from '@ztj/contracts';
import { BaseMap, FitBounds } from '../../../platform/map/BaseMap';
import { useMapTiles } from '../../../platform/map/useMapTiles';
import { fromMap } from './mapCoords';
import styles from './places.module.css';

/** A marker of the place map: WGS-84 position, kind (colour) and the short text on the pin. */
export interface MapPin {
  key: string;
  lat: number;
  lng: number;
  kind: 'origin' | 'destination' | 'waypoint' | 'centre' | 'corner';
  /** Text on the pin (A, B, 1, 2 …). */
  text: string;
  /** Hover text (name). */
  title?: string;
}

/** A fence circle: WGS-84 centre, radius in metres. */
export interface MapFence {
  key: string;
  lat: number;
  lng: number;
  radiusM: number;
  /** Drawn dashed and grey when the fence is off. */
  enabled?: boolean;
}

interface PlaceMapProps {
  pins: readonly MapPin[];
  fences?: readonly MapFence[];
  /** Draws the pins in order as a line (a route). */
  line?: boolean;
  /** Further route lines (WGS-84), e.g. every route of a list page. */
  lines?: readonly { key: string; points: readonly LatLng[] }[];
  /** Polygon fences (WGS-84 corners). */
  polygons?: readonly (readonly LatLng[])[];
  /**
   * The tenant's other places drawn faintly for orientation (grey circles with their names); the
   * view fits them while there are no pins yet.
   */
  context?: readonly (MapFence & { name: string })[];
  /** A click on the map, already WGS-84 (editing); absent: read-only. */
  onClick?: (p: LatLng) => void;
  /** A pin dragged to a new WGS-84 position (editing). */
  onDrag?: (key: string, p: LatLng) => void;
  /** The view is fitted to the pins when this changes. */
  fitKey: unknown;
  className?: string;
  testId?: string;
}

const iconCache = new Map<string, DivIcon>();
/** The div icon of a pin (cached by kind and text). */
function pinIcon(kind: MapPin['kind'], text: string): DivIcon {
  const key = `${kind}:${text}`;
  let icon = iconCache.get(key);
  if (!icon) {
    const size = kind === 'waypoint' || kind === 'corner' ? 20 : 24;
    icon = divIcon({
      className: `${styles.pin} ${styles[kind]} ztj-place-pin`,
      html: text,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
    iconCache.set(key, icon);
  }
  return icon;
}

function ClickToPlace({ onClick, coords }: { onClick: (p: LatLng) => void; coords: 'wgs84' | 'gcj02' }): null {
  useMapEvents({ click: (e) => onClick(fromMap(e.latlng.lat, e.latlng.lng, coords)) });
  return null;
}

/**
 * The map of the route editor, the location modal and the location list, on the
 * device area's {@link BaseMap}: pins (draggable when `onDrag` is given), fence circles (radius in
 * metres), the route line. Positions in and out are WGS-84; drawing converts them to the active
 * tiles' system (`useMapTiles().toTile`, follows the layer switch) and clicks / drags are converted
 * back (`mapCoords.ts`).
 */
export function PlaceMap({
  pins,
  fences = [],
  line,
  lines = [],
  polygons = [],
  context = [],
  onClick,
  onDrag,
  fitKey,
  className,
  testId,
}: PlaceMapProps): ReactNode {
  const { toTile, coords } = useMapTiles();
  const toMap = (p: LatLng): LatLng => toTile(p.lat, p.lng);
  const drawnPins = useMemo(() => pins.map((p) => ({ ...p, at: toTile(p.lat, p.lng) })), [pins, toTile]);
  const bounds = useMemo(() => drawnPins.map((p) => p.at), [drawnPins]);
  const fitTo = useMemo(
    () => (bounds.length ? bounds : context.map((c) => toTile(c.lat, c.lng))),
    [bounds, context, toTile],
  );
  return (
    <BaseMap className={className ?? styles.mapBox} testId={testId} initial={fitTo[0]}>
      <FitBounds positions={fitTo} fitKey={fitTo.length ? fitKey : null} maxZoom={15} />
      {context.map((c) => {
        const m = toMap(c);
        return (
          <Circle
            key={`ctx-${c.key}`}
            center={[m.lat, m.lng]}
            radius={c.radiusM}
            pathOptions={{ color: '#8c8c8c', weight: 1, fillOpacity: 0.06, dashArray: '4 4' }}
          >
            <Tooltip>{c.name}</Tooltip>
          </Circle>
        );
      })}
      {onClick && <ClickToPlace onClick={onClick} coords={coords} />}
      {fences.map((f) => {
        const c = toMap(f);
        const on = f.enabled !== false;
        return (
          <Circle
            key={f.key}
            center={[c.lat, c.lng]}
            radius={f.radiusM}
            pathOptions={{
              color: on ? '#1677ff' : '#8c8c8c',
              weight: 2,
              fillOpacity: on ? 0.12 : 0.05,
              dashArray: on ? undefined : '6 6',
            }}
          />
        );
      })}
      {polygons.map((poly, i) => (
        <Polygon
          key={`poly-${i}`}
          positions={poly.map((p) => {
            const m = toMap(p);
            return [m.lat, m.lng] as [number, number];
          })}
          pathOptions={{ color: '#722ed1', weight: 2, fillOpacity: 0.1 }}
        />
      ))}
      {lines.map((l) => (
        <Polyline
          key={`line-${l.key}`}
          positions={l.points.map((p) => {
            const m = toMap(p);
            return [m.lat, m.lng] as [number, number];
          })}
          pathOptions={{ color: '#1677ff', weight: 3, opacity: 0.7 }}
        />
      ))}
      {line && bounds.length > 1 && (
        <Polyline
          positions={bounds.map((p) => [p.lat, p.lng] as [number, number])}
          pathOptions={{ color: '#1677ff', weight: 4, opacity: 0.8 }}
        />
      )}
      {drawnPins.map((p) => (
        <Marker
          key={p.key}
          position={[p.at.lat, p.at.lng]}
          icon={pinIcon(p.kind, p.text)}
          draggable={!!onDrag}
          eventHandlers={
            onDrag
              ? {
                  dragend: (e: LeafletEvent) => {
                    const at = (e.target as LeafletMarker).getLatLng();
                    onDrag(p.key, fromMap(at.lat, at.lng, coords));
                  },
                }
              : undefined
          }
        >
          {p.title && (
            <Tooltip direction="top" offset={[0, -10]}>
              {p.title}
            </Tooltip>
          )}
        </Marker>
      ))}
    </BaseMap>
  );
}
