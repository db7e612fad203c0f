import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  AlarmRoutes,
  EquipmentRoutes,
  type AlarmRecord,
  type EnergyQuality,
  type EnergyResult,
  type MeterConfig,
  type MeterConfigBody,
  type PageResult,
  type PowerResult,
  type RouteResult,
  type StoreRecord,
  type TariffEnergy,
} from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';

/** Query keys of the equipment screens. */
export const equipmentKeys = {
  all: ['equipment'] as const,
  stores: ['equipment', 'stores'] as const,
  config: (id: string) => ['equipment', 'config', id] as const,
  energy: (ids: string, begin: string, end: string) => ['equipment', 'energy', ids, begin, end] as const,
  power: (id: string, begin: number, end: number) => ['equipment', 'power', id, begin, end] as const,
  quality: (id: string, begin: string, end: string) => ['equipment', 'quality', id, begin, end] as const,
  alarms: (id: string) => ['equipment', 'alarms', id] as const,
};

/** One equipment row of a device, found through the equipment list (`id` exact), with its family and store. */
export function useEquipmentRecord(
  id: string,
): UseQueryResult<RouteResult<typeof EquipmentRoutes.list>['records'][number] | null> {
  return useQuery({
    queryKey: ['equipment', 'record', id],
    queryFn: async ({ signal }) => {
      const page = await callApi(EquipmentRoutes.list, { query: { id, pageNo: 1, pageSize: 1 } as never, signal });
      return page.records.find((r) => r.id === id) ?? null;
    },
    enabled: id !== '',
  });
}

/** Lawson device list: stores with their equipment, counts, online and active alarms (refreshes every `pollMs`). */
export function useStores(pollMs: number | false): UseQueryResult<StoreRecord[]> {
  return useQuery({
    queryKey: equipmentKeys.stores,
    queryFn: ({ signal }) => callApi(EquipmentRoutes.stores, { query: {}, signal }),
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
  });
}

/** An ammeter's configuration (defaults when never saved). */
export function useMeterConfig(id: string): UseQueryResult<MeterConfig> {
  return useQuery({
    queryKey: equipmentKeys.config(id),
    queryFn: ({ signal }) => callApi(EquipmentRoutes.config, { query: { id }, signal }),
    enabled: id !== '',
  });
}

/** Saves an ammeter's configuration; field errors reach the caller (silent). */
export function useSaveMeterConfig(): UseMutationResult<MeterConfig, Error, MeterConfigBody> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body) => callApi(EquipmentRoutes.saveConfig, { body: body as never, silent: true }),
    onSuccess: (saved) => client.setQueryData(equipmentKeys.config(saved.id), saved),
  });
}

/** Daily energy (kWh × CT × PT, tenant days) of meters `ids` from `beginDate` to `endDate` (`YYYY-MM-DD`). */
export function useDailyEnergy(ids: string, beginDate: string, endDate: string): UseQueryResult<EnergyResult> {
  return useQuery({
    queryKey: equipmentKeys.energy(ids, beginDate, endDate),
    queryFn: ({ signal }) => callApi(EquipmentRoutes.energy, { query: { ids, beginDate, endDate }, signal }),
    enabled: ids !== '',
    placeholderData: keepPreviousData,
  });
}

/** Register events (resets, rollovers, spikes and drops not counted) of a meter from `beginDate` to `endDate` (`YYYY-MM-DD`). */
export function useEnergyQuality(id: string, beginDate: string, endDate: string): UseQueryResult<EnergyQuality> {
  return useQuery({
    queryKey: equipmentKeys.quality(id, beginDate, endDate),
    queryFn: ({ signal }) => callApi(EquipmentRoutes.energyQuality, { query: { id, beginDate, endDate }, signal }),
    enabled: id !== '',
    placeholderData: keepPreviousData,
  });
}

/** Active power (W × CT × PT) of a meter or plug over `[beginTime, endTime]` ms, ≤ `points` points. */
export function usePower(id: string, beginTime: number, endTime: number, points = 1000): UseQueryResult<PowerResult> {
  return useQuery({
    queryKey: equipmentKeys.power(id, beginTime, endTime),
    queryFn: ({ signal }) => callApi(EquipmentRoutes.power, { query: { id, beginTime, endTime, points }, signal }),
    enabled: id !== '',
    placeholderData: keepPreviousData,
  });
}

/** Active alarms of a device (newest first, at most 20), refreshed every 15 s; silent for users without `alarm:list`. */
export function useActiveAlarms(deviceId: string, enabled = true): UseQueryResult<PageResult<AlarmRecord>> {
  return useQuery({
    queryKey: equipmentKeys.alarms(deviceId),
    queryFn: ({ signal }) =>
      callApi(AlarmRoutes.list, {
        query: { deviceId, status: 'active', pageNo: '1', pageSize: '20', column: 'startTs', order: 'desc' },
        silent: true,
        signal,
      }),
    enabled: enabled && deviceId !== '',
    refetchInterval: 15_000,
    retry: false,
  });
}

/** Switches a plug (`setSwitch`); errors reach the caller (the offline refusal is a translated message). */
export function useSwitchPlug(): UseMutationResult<
  RouteResult<typeof EquipmentRoutes.switch>,
  Error,
  { id: string; on: boolean }
> {
  return useMutation({ mutationFn: (body) => callApi(EquipmentRoutes.switch, { body, silent: true }) });
}

/** Sends a pot/cooker set-point (°C, `setSetPoint`). */
export function useSetPoint(): UseMutationResult<
  RouteResult<typeof EquipmentRoutes.setPoint>,
  Error,
  { id: string; setPointC: number; well?: number }
> {
  return useMutation({ mutationFn: (body) => callApi(EquipmentRoutes.setPoint, { body, silent: true }) });
}

/** Asks a meter to report now (`readMeter`). */
export function useReadMeter(): UseMutationResult<
  RouteResult<typeof EquipmentRoutes.readMeter>,
  Error,
  { id: string }
> {
  return useMutation({ mutationFn: (body) => callApi(EquipmentRoutes.readMeter, { body, silent: true }) });
}

/** One meter's energy (kWh × CT × PT) and cost (yuan) per tariff period over `beginDate`..`endDate`. */
export function useTariffEnergy(id: string, beginDate: string, endDate: string): UseQueryResult<TariffEnergy> {
  return useQuery({
    queryKey: ['equipment', 'tariffEnergy', id, beginDate, endDate],
    queryFn: ({ signal }) => callApi(EquipmentRoutes.tariffEnergy, { query: { id, beginDate, endDate }, signal }),
    enabled: id !== '',
    placeholderData: keepPreviousData,
  });
}
