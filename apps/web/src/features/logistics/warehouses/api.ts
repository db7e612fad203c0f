import { useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import {
  AlarmSettingsRoutes,
  WarehouseRoutes,
  type RouteBody,
  type WarehouseRecord,
  type WarehouseView,
} from '@ztj/contracts';
import { useAreaMutation, type QueryArea } from '../../../platform/crud/useAreaMutation';
import { callApi } from '../../../platform/http/callApi';

/**
 * Calls of the warehouse area (WarehouseRoutes of the contracts). The list runs
 * on the list machinery under `['list', path]`; the warehouse view polls every 6 s (SPEC §9
 * polling interval); saves are silent so field errors reach the form.
 */

/** SPEC §9 polling interval, ms. */
export const WAREHOUSE_POLL_MS = 6_000;

export const warehouseKeys = {
  all: ['warehouses'] as const,
  detail: (id: string) => ['warehouses', 'detail', id] as const,
  view: (id: string) => ['warehouses', 'view', id] as const,
  users: ['warehouses', 'users'] as const,
  templates: ['warehouses', 'templates'] as const,
};

/** The warehouse list and reads, refetched after each change. */
const AREA: QueryArea = { listPath: WarehouseRoutes.list.path, key: warehouseKeys.all };

/** One warehouse (`queryById`); null id: nothing. */
export function useWarehouse(id: string | null): UseQueryResult<WarehouseRecord> {
  return useQuery({
    queryKey: warehouseKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callApi(WarehouseRoutes.queryById, { query: { id: id ?? '' }, signal, silent: true }),
    enabled: !!id,
  });
}

/** Sensors with latest values, limits and alarms (`view`), polled every 6 s. */
export function useWarehouseView(id: string): UseQueryResult<WarehouseView> {
  return useQuery({
    queryKey: warehouseKeys.view(id),
    queryFn: ({ signal }) => callApi(WarehouseRoutes.view, { query: { id }, signal, silent: true }),
    refetchInterval: WAREHOUSE_POLL_MS,
  });
}

/** Users of the tenant offered as monitoring accounts. */
export function useWarehouseUsers(): UseQueryResult<{ id: string; name: string; username: string }[]> {
  return useQuery({
    queryKey: warehouseKeys.users,
    queryFn: ({ signal }) => callApi(WarehouseRoutes.userOptions, { signal, silent: true }),
  });
}

/** Rule templates of the tenant (id, name, enabled) for step 2; the first 100 by name. */
export function useTemplateOptions(): UseQueryResult<{ id: string; name: string; enabled: boolean }[]> {
  return useQuery({
    queryKey: warehouseKeys.templates,
    queryFn: async ({ signal }) => {
      const page = await callApi(AlarmSettingsRoutes.templateList, {
        query: { pageNo: 1, pageSize: 100, column: 'name', order: 'asc' } as never,
        signal,
        silent: true,
      });
      return page.records.map((r) => ({ id: r.id, name: r.name, enabled: r.enabled }));
    },
  });
}

/** Adds (no id) or replaces a warehouse. */
export function useSaveWarehouse(): UseMutationResult<
  WarehouseRecord,
  Error,
  RouteBody<typeof WarehouseRoutes.add> & { id?: string }
> {
  return useAreaMutation(AREA, (body) =>
    body.id
      ? callApi(WarehouseRoutes.edit, { body: body as RouteBody<typeof WarehouseRoutes.edit>, silent: true })
      : callApi(WarehouseRoutes.add, { body, silent: true }),
  );
}

/** Deletes warehouses (`ids`); the caller refreshes its list page. */
export function useDeleteWarehouses(): UseMutationResult<null, Error, string[]> {
  return useAreaMutation(AREA, (ids) => callApi(WarehouseRoutes.delete, { query: { ids: ids.join(',') } }));
}
