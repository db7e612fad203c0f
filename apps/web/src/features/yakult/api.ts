import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  BrandingRoutes,
  DeviceRoutes,
  WarehouseRoutes,
  type Branding,
  type BrandingResult,
  type DeviceRecord,
  type PageResult,
  type WarehouseRecord,
} from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';

/** Devices the monitoring screen lists (newest reports first). */
export const YAKULT_DEVICES = 20;
/** Warehouses the monitoring screen shows with their sensors. */
export const YAKULT_WAREHOUSES = 6;
/** SPEC §9 polling interval, ms (besides the live WebSocket frames). */
const POLL_MS = 6_000;

const keys = {
  branding: ['yakult', 'branding'] as const,
  devices: ['yakult', 'devices'] as const,
  warehouses: ['yakult', 'warehouses'] as const,
};

/** The session tenant's branding (`BrandingRoutes.get`). */
export function useBranding(enabled: boolean): UseQueryResult<BrandingResult> {
  return useQuery({
    queryKey: keys.branding,
    queryFn: ({ signal }) => callApi(BrandingRoutes.get, { signal, silent: true }),
    enabled,
  });
}

/** Saves the branding (tenant administrators) and refreshes the screen's. */
export function useSaveBranding(): UseMutationResult<BrandingResult, Error, Branding> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Branding) => callApi(BrandingRoutes.save, { body }),
    onSuccess: (saved) => client.setQueryData(keys.branding, saved),
  });
}

/** The first devices with their latest values (`DeviceRoutes.list`), polled; null without `device:list`. */
export function useScreenDevices(): UseQueryResult<PageResult<DeviceRecord> | null> {
  return useQuery({
    queryKey: keys.devices,
    queryFn: ({ signal }) =>
      callApi(DeviceRoutes.list, { query: { pageNo: 1, pageSize: YAKULT_DEVICES }, signal, silent: true }).catch(
        () => null,
      ),
    refetchInterval: POLL_MS,
  });
}

/** The first warehouses (`WarehouseRoutes.list`); null without `warehouse:list`. */
export function useScreenWarehouses(): UseQueryResult<PageResult<WarehouseRecord> | null> {
  return useQuery({
    queryKey: keys.warehouses,
    queryFn: ({ signal }) =>
      callApi(WarehouseRoutes.list, {
        query: { pageNo: '1', pageSize: String(YAKULT_WAREHOUSES) },
        signal,
        silent: true,
      }).catch(() => null),
  });
}
