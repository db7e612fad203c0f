import { useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import {
  AlarmSettingsRoutes,
  FillRuleRoutes,
  WAYBILL_NUMBER_FILL_RULE,
  PlacesRoutes,
  WaybillRoutes,
  type RouteBody,
  type RouteOption,
  type RuleTemplateRecord,
  type WaybillDetail,
  type WaybillMapItem,
  type WaybillReal,
  type WaybillRecord,
  type WaybillStat,
} from '@ztj/contracts';
import { useAreaMutation, type QueryArea } from '../../../platform/crud/useAreaMutation';
import { callApi } from '../../../platform/http/callApi';

/**
 * Calls of the waybill area (WaybillRoutes of the contracts). The list runs on the
 * list machinery under `['list', path]`; live reads poll every 6 s (SPEC §9 polling interval).
 */

/** SPEC §9 polling interval, ms. */
export const WAYBILL_POLL_MS = 6_000;

export const waybillKeys = {
  all: ['waybills'] as const,
  stats: ['waybills', 'stats'] as const,
  detail: (id: string) => ['waybills', 'detail', id] as const,
  real: (id: string) => ['waybills', 'real', id] as const,
  map: ['waybills', 'map'] as const,
  limits: (deviceId: string) => ['waybills', 'limits', deviceId] as const,
};

/** The waybill list, counts and reads, refetched after each change. */
const AREA: QueryArea = { listPath: WaybillRoutes.list.path, key: waybillKeys.all };

/** Counts per status (`getStatNum`). */
export function useWaybillStats(): UseQueryResult<WaybillStat> {
  return useQuery({
    queryKey: waybillKeys.stats,
    queryFn: ({ signal }) => callApi(WaybillRoutes.getStatNum, { signal, silent: true }),
  });
}

/** One waybill with route snapshot and devices (`getDetailById`); null id: nothing. */
export function useWaybillDetail(id: string | null): UseQueryResult<WaybillDetail> {
  return useQuery({
    queryKey: waybillKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callApi(WaybillRoutes.getDetailById, { query: { id: id ?? '' }, signal, silent: true }),
    enabled: !!id,
  });
}

/** Live position, progress, ETA and timing (`getRealById`), polled. */
export function useWaybillReal(id: string, poll: boolean): UseQueryResult<WaybillReal> {
  return useQuery({
    queryKey: waybillKeys.real(id),
    queryFn: ({ signal }) => callApi(WaybillRoutes.getRealById, { query: { id }, signal, silent: true }),
    refetchInterval: poll ? WAYBILL_POLL_MS : false,
  });
}

/** Ongoing waybills with their last position (`getTaskList`), polled. */
export function useWaybillMapList(): UseQueryResult<WaybillMapItem[]> {
  return useQuery({
    queryKey: waybillKeys.map,
    queryFn: ({ signal }) => callApi(WaybillRoutes.getTaskList, { signal, silent: true }),
    refetchInterval: WAYBILL_POLL_MS,
  });
}

/** Rule templates in effect on a device (limit lines of the trip chart); empty without the right. */
export function useDeviceLimits(deviceId: string | null): UseQueryResult<RuleTemplateRecord[]> {
  return useQuery({
    queryKey: waybillKeys.limits(deviceId ?? ''),
    queryFn: async ({ signal }) =>
      callApi(AlarmSettingsRoutes.deviceTemplates, { query: { deviceId: deviceId ?? '' }, signal, silent: true }).catch(
        () => [],
      ),
    enabled: !!deviceId,
  });
}

/** Every route of the tenant (id, name, fence radius m) for the route select; cache shared with settings → paths. */
export function useRouteOptions(): UseQueryResult<RouteOption[]> {
  return useQuery({
    queryKey: ['places', 'routeOptions'],
    queryFn: ({ signal }) => callApi(PlacesRoutes.pathOptions, { signal, silent: true }),
  });
}

/** Adds (no id) or replaces an un-started waybill; silent so field errors reach the form. */
export function useSaveWaybill(): UseMutationResult<
  WaybillRecord,
  Error,
  RouteBody<typeof WaybillRoutes.add> & { id?: string }
> {
  return useAreaMutation(AREA, (body) =>
    body.id
      ? callApi(WaybillRoutes.update, { body: body as RouteBody<typeof WaybillRoutes.update>, silent: true })
      : callApi(WaybillRoutes.add, { body, silent: true }),
  );
}

/** The one-id transitions and copy: start, stop, copy (`{id}` body), delete (`?id=`). */
export function useWaybillAction(
  action: 'start' | 'stop' | 'copy' | 'del',
): UseMutationResult<WaybillRecord | null, Error, string> {
  return useAreaMutation(AREA, (id) =>
    action === 'del'
      ? callApi(WaybillRoutes.del, { query: { id }, silent: true })
      : callApi(WaybillRoutes[action], { body: { id }, silent: true }),
  );
}

/** Adds or removes devices of a waybill (`addDevs` / `delDevInTask`). */
export function useWaybillDevices(
  action: 'addDevs' | 'delDevInTask',
): UseMutationResult<WaybillRecord, Error, { id: string; deviceIds: string[] }> {
  return useAreaMutation(AREA, (body) => callApi(WaybillRoutes[action], { body, silent: true }));
}

/** Changes the estimated start and end (`modifyTime`). */
export function useModifyTime(): UseMutationResult<WaybillRecord, Error, RouteBody<typeof WaybillRoutes.modifyTime>> {
  return useAreaMutation(AREA, (body) => callApi(WaybillRoutes.modifyTime, { body, silent: true }));
}

/**
 * The number the tenant's waybill fill rule (code `waybill_number`) gives a new
 * waybill, asked once per opened form; null while loading, without such a rule or on failure, so
 * the form keeps its own behaviour (empty: the server generates one).
 */
export function useWaybillNumberFill(enabled: boolean): string | null {
  const query = useQuery({
    queryKey: ['waybills', 'fillNumber'],
    enabled,
    queryFn: () =>
      callApi(FillRuleRoutes.executeRuleByCode, {
        params: { ruleCode: WAYBILL_NUMBER_FILL_RULE },
        body: {},
        silent: true,
      }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return query.data ?? null;
}
