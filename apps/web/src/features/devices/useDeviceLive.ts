import { useCallback, useState } from 'react';
import { useTelemetrySocket, type LiveReading } from '../../platform/websocket/telemetrySocket';
import { mergeLiveReadings, type LiveMap } from './deviceLive';

/** What {@link useDeviceLive} gives: newest live reading per device and the socket state. */
export interface DeviceLive {
  live: LiveMap;
  /** True while the live socket is open; lists poll (SPEC §9, 6 s) when it is not. */
  connected: boolean;
  /** Poll interval to use for the server list: slow while live, 6 s without the socket. */
  pollMs: number;
}

/** Poll interval without the live socket (SPEC §9 polling interval), ms. */
export const POLL_WITHOUT_SOCKET_MS = 6_000;
/** Safety refetch while the socket is open (catches devices going offline), ms. */
export const POLL_WITH_SOCKET_MS = 30_000;

/**
 * The one live-values hook of the device area: collects the WebSocket `cmd:'telemetry'` readings
 * (optionally only of `deviceIds`) into a map of the newest reading per device. Screens patch their
 * rows with `patchDeviceRows` and refetch from the server at most every `pollMs`.
 */
export function useDeviceLive(deviceIds?: readonly string[]): DeviceLive {
  const [live, setLive] = useState<LiveMap>(() => new Map());
  const filter = deviceIds ? deviceIds.join(',') : null;
  const onReadings = useCallback(
    (readings: LiveReading[]) => {
      const wanted = filter === null ? readings : readings.filter((r) => filter.split(',').includes(r.deviceId));
      if (wanted.length > 0) setLive((prev) => mergeLiveReadings(prev, wanted, Date.now()));
    },
    [filter],
  );
  const connected = useTelemetrySocket(onReadings);
  return { live, connected, pollMs: connected ? POLL_WITH_SOCKET_MS : POLL_WITHOUT_SOCKET_MS };
}
