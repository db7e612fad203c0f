import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlacesRoutes, type LocationOption, type RouteOption } from '@ztj/contracts';
import { ApiError } from '../../../platform/http/ApiError';
import { callApi } from '../../../platform/http/callApi';
import type { PlaceNames } from '../conditionText';

/** What the location / route pickers of the condition editor get. */
export interface PlaceOptions<T> {
  options: T[];
  loading: boolean;
  /** True when the call failed (other than 404: a server without the places module answers "none"). */
  failed: boolean;
}

/** The options call, `[]` on 404 (places not available on this server), silent (the picker says why). */
async function fetchOptions<T>(load: (signal: AbortSignal) => Promise<T[]>, signal: AbortSignal): Promise<T[]> {
  try {
    const list = await load(signal);
    return Array.isArray(list) ? list : [];
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return [];
    throw e;
  }
}

function usePlaceQuery<T>(key: string, load: (signal: AbortSignal) => Promise<T[]>): PlaceOptions<T> {
  const q = useQuery({
    queryKey: ['alarmSettings', key],
    queryFn: ({ signal }) => fetchOptions(load, signal),
    staleTime: 60_000,
    retry: false,
  });
  return { options: q.data ?? [], loading: q.isLoading, failed: q.isError };
}

/** Locations of the tenant (GET /wlx/point/options: id, name, centre, fence radius m, fence enabled). */
export function useLocationOptions(): PlaceOptions<LocationOption> {
  return usePlaceQuery('pointOptions', (signal) => callApi(PlacesRoutes.pointOptions, { silent: true, signal }));
}

/** Routes of the tenant (GET /wlx/path/options: id, name, fence radius m). */
export function useRouteOptions(): PlaceOptions<RouteOption> {
  return usePlaceQuery('pathOptions', (signal) => callApi(PlacesRoutes.pathOptions, { silent: true, signal }));
}

/** Names of the tenant's locations and routes by id, for the condition summaries (conditionText). */
export function usePlaceNames(): PlaceNames {
  const locations = useLocationOptions().options;
  const routes = useRouteOptions().options;
  return useMemo(
    () => ({
      locations: new Map(locations.map((l) => [l.id, l.name])),
      routes: new Map(routes.map((r) => [r.id, r.name])),
    }),
    [locations, routes],
  );
}
