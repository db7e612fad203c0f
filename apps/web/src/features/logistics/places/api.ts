import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  PlacesRoutes,
  type LocationOption,
  type LocationRecord,
  type RouteBody,
  type RouteOption,
  type RouteRecord,
} from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';

/**
 * Calls of settings → paths and points (PlacesRoutes of the contracts). Lists run
 * on the list machinery under `['list', path]`; saves are silent so field errors reach the form.
 */

/** Query keys of the pickers other screens use (waybills, geofence conditions). */
export const placesKeys = {
  routeOptions: ['places', 'routeOptions'] as const,
  locationOptions: ['places', 'locationOptions'] as const,
};

/** Refreshes a list and the pickers after a change. */
function useRefresh(listPath: string, optionsKey: readonly unknown[]): () => Promise<void> {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['list', listPath] }),
      client.invalidateQueries({ queryKey: optionsKey }),
    ]).then(() => undefined);
}

/** Adds (no id) or replaces a route. */
export function useSaveRoute(): UseMutationResult<
  RouteRecord,
  Error,
  RouteBody<typeof PlacesRoutes.pathAdd> & { id?: string }
> {
  const refresh = useRefresh(PlacesRoutes.pathList.path, placesKeys.routeOptions);
  return useMutation({
    mutationFn: (body) =>
      body.id
        ? callApi(PlacesRoutes.pathUpdate, { body: body as RouteBody<typeof PlacesRoutes.pathUpdate>, silent: true })
        : callApi(PlacesRoutes.pathAdd, { body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Adds (no id) or replaces a location. */
export function useSaveLocation(): UseMutationResult<
  LocationRecord,
  Error,
  RouteBody<typeof PlacesRoutes.pointAdd> & { id?: string }
> {
  const refresh = useRefresh(PlacesRoutes.pointList.path, placesKeys.locationOptions);
  return useMutation({
    mutationFn: (body) =>
      body.id
        ? callApi(PlacesRoutes.pointUpdate, { body: body as RouteBody<typeof PlacesRoutes.pointUpdate>, silent: true })
        : callApi(PlacesRoutes.pointAdd, { body, silent: true }),
    onSuccess: () => refresh(),
  });
}

/** Deletes routes (`ids`) and refreshes the pickers; the caller refreshes its list page. */
export function useDeleteRoutes(): UseMutationResult<null, Error, string[]> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids) => callApi(PlacesRoutes.pathDelete, { query: { ids: ids.join(',') } }),
    onSuccess: () => client.invalidateQueries({ queryKey: placesKeys.routeOptions }),
  });
}

/** Deletes locations (`ids`) and refreshes the pickers; the caller refreshes its list page. */
export function useDeleteLocations(): UseMutationResult<null, Error, string[]> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids) => callApi(PlacesRoutes.pointDelete, { query: { ids: ids.join(',') } }),
    onSuccess: () => client.invalidateQueries({ queryKey: placesKeys.locationOptions }),
  });
}

/** Every route of the tenant (id, name, fence radius m) for pickers. */
export function useRouteOptions(): UseQueryResult<RouteOption[]> {
  return useQuery({
    queryKey: placesKeys.routeOptions,
    queryFn: ({ signal }) => callApi(PlacesRoutes.pathOptions, { signal, silent: true }),
  });
}

/** Every location of the tenant (id, name, centre WGS-84, fence) for pickers. */
export function useLocationOptions(): UseQueryResult<LocationOption[]> {
  return useQuery({
    queryKey: placesKeys.locationOptions,
    queryFn: ({ signal }) => callApi(PlacesRoutes.pointOptions, { signal, silent: true }),
  });
}
