import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  DEVICE_EXPORT_PATH,
  DeviceRoutes,
  type DeviceDetail,
  type DeviceMapQuery,
  type DeviceMapResult,
  type DeviceReal,
  type HistoryResult,
  type PageResult,
  type RouteBody,
  type RouteQuery,
  type RouteResult,
} from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';
import { startExport } from '../../platform/exports/exportFlow';

/** Query of the device list (`listDevCommon`). */
export type DeviceListParams = RouteQuery<typeof DeviceRoutes.list>;
/** Query of the history call (`viewHisCommon`). */
export type HistoryParams = RouteQuery<typeof DeviceRoutes.history>;
/** A device group row. */
export type GroupRecord = RouteResult<typeof DeviceRoutes.groupList>['records'][number];
/** A gateway row. */
export type GatewayRecord = RouteResult<typeof DeviceRoutes.gatewayList>['records'][number];
/** A device event row. */
export type DeviceEventRecord = RouteResult<typeof DeviceRoutes.events>['records'][number];
/** A device log row. */
export type DeviceLogRecord = RouteResult<typeof DeviceRoutes.logs>['records'][number];
/** Query of events and log pages. */
export type DeviceRangeParams = RouteQuery<typeof DeviceRoutes.events>;

/** Query keys of the device area, so mutations can invalidate what they change. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: (q: DeviceListParams) => ['devices', 'list', q] as const,
  detail: (id: string) => ['devices', 'detail', id] as const,
  real: (id: string) => ['devices', 'real', id] as const,
  groups: ['devices', 'groups'] as const,
  gateways: ['devices', 'gateways'] as const,
  map: (q: DeviceMapQuery) => ['devices', 'map', q] as const,
};

/**
 * Refreshes everything of the device area a change can show in: its own queries and the device,
 * group and gateway lists (which run on the list machinery under `['list', path]`).
 */
function invalidateDeviceArea(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: deviceKeys.all }),
    ...[DeviceRoutes.list, DeviceRoutes.groupList, DeviceRoutes.gatewayList].map((r) =>
      client.invalidateQueries({ queryKey: ['list', r.path] }),
    ),
  ]).then(() => undefined);
}

/**
 * Paged device list with latest values. Polls every `pollMs` (6 s when the live socket is down,
 * SPEC §9 polling interval); keeps the previous page while the next one loads.
 */
export function useDeviceList(
  query: DeviceListParams,
  pollMs: number | false,
): UseQueryResult<RouteResult<typeof DeviceRoutes.list>> {
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => callApi(DeviceRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}

/**
 * Devices of the tenant with a latest position (WGS-84) for the device map, filtered by name,
 * group and status. Polls like the list (`pollMs`); keeps the previous answer while a new filter loads.
 */
export function useDeviceMap(query: DeviceMapQuery, pollMs: number | false): UseQueryResult<DeviceMapResult> {
  return useQuery({
    queryKey: deviceKeys.map(query),
    queryFn: ({ signal }) => callApi(DeviceRoutes.map, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: pollMs,
  });
}

/** One device with its period settings (`viewById`). */
export function useDeviceDetail(id: string): UseQueryResult<DeviceDetail> {
  return useQuery({
    queryKey: deviceKeys.detail(id),
    queryFn: ({ signal }) => callApi(DeviceRoutes.view, { query: { id }, signal }),
    enabled: id !== '',
  });
}

/** Real-time values of a device (`viewRealById`); the live socket patches them in between. */
export function useDeviceReal(id: string, pollMs: number | false): UseQueryResult<DeviceReal> {
  return useQuery({
    queryKey: deviceKeys.real(id),
    queryFn: ({ signal }) => callApi(DeviceRoutes.real, { query: { id }, signal }),
    refetchInterval: pollMs,
  });
}

/** History pages or chart series (`viewHisCommon`). */
export function useDeviceHistory(query: HistoryParams, enabled = true): UseQueryResult<HistoryResult> {
  return useQuery({
    queryKey: ['devices', 'history', query],
    queryFn: ({ signal }) => callApi(DeviceRoutes.history, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Positions of a range (WGS-84) for the track map. */
export function useDeviceTrack(
  id: string,
  beginTime: number,
  endTime: number,
): UseQueryResult<RouteResult<typeof DeviceRoutes.track>> {
  return useQuery({
    queryKey: ['devices', 'track', id, beginTime, endTime],
    queryFn: ({ signal }) => callApi(DeviceRoutes.track, { query: { id, beginTime, endTime }, signal }),
  });
}

/** Device events page. */
export function useDeviceEvents(query: DeviceRangeParams): UseQueryResult<PageResult<DeviceEventRecord>> {
  return useQuery({
    queryKey: ['devices', 'events', query],
    queryFn: ({ signal }) => callApi(DeviceRoutes.events, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Device log page (commands, acks, configuration changes). */
export function useDeviceLogs(query: DeviceRangeParams): UseQueryResult<PageResult<DeviceLogRecord>> {
  return useQuery({
    queryKey: ['devices', 'logs', query],
    queryFn: ({ signal }) => callApi(DeviceRoutes.logs, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Saves a device (`update`); refreshes the device's queries. */
export function useUpdateDevice(): UseMutationResult<DeviceDetail, Error, RouteBody<typeof DeviceRoutes.update>> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body) => callApi(DeviceRoutes.update, { body, silent: true }),
    onSuccess: () => invalidateDeviceArea(client),
  });
}

/** Changes a device alias. */
export function useAliasDevice(): UseMutationResult<null, Error, { id: string; alias: string }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body) => callApi(DeviceRoutes.alias, { body }),
    onSuccess: () => invalidateDeviceArea(client),
  });
}

/** Sends the remote shutdown command; failures (e.g. 'this device is already on') reach the caller. */
export function useShutdownDevice(): UseMutationResult<RouteResult<typeof DeviceRoutes.shutdown>, Error, string> {
  return useMutation({ mutationFn: (id) => callApi(DeviceRoutes.shutdown, { body: { id }, silent: true }) });
}

/** Starts the export of the selected devices as `.xls` (`device:export`); the file is in the download center. */
export function exportDevices(ids: readonly string[]): Promise<boolean> {
  return startExport(DEVICE_EXPORT_PATH, { ids: ids.join(',') });
}

/** Paged groups. */
export function useGroups(query: RouteQuery<typeof DeviceRoutes.groupList>): UseQueryResult<PageResult<GroupRecord>> {
  return useQuery({
    queryKey: [...deviceKeys.groups, query],
    queryFn: ({ signal }) => callApi(DeviceRoutes.groupList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Devices of a group (first `pageSize` of them). */
export function useGroupDevices(
  groupId: string | null,
  pageSize = 1000,
): UseQueryResult<RouteResult<typeof DeviceRoutes.groupDevices>> {
  return useQuery({
    queryKey: [...deviceKeys.groups, 'devices', groupId, pageSize],
    queryFn: ({ signal }) =>
      callApi(DeviceRoutes.groupDevices, { query: { groupId: groupId ?? '', pageNo: 1, pageSize }, signal }),
    enabled: groupId !== null,
  });
}

/** Adds, renames and deletes groups and replaces their devices; each refreshes the group queries. */
export function useGroupMutations(): {
  add: UseMutationResult<GroupRecord, Error, string>;
  rename: UseMutationResult<GroupRecord, Error, { id: string; name: string }>;
  remove: UseMutationResult<null, Error, string>;
  setDevices: UseMutationResult<null, Error, { groupId: string; deviceIds: string[] }>;
} {
  const client = useQueryClient();
  const onSuccess = (): Promise<void> => invalidateDeviceArea(client);
  return {
    add: useMutation({
      mutationFn: (name) => callApi(DeviceRoutes.groupAdd, { body: { name }, silent: true }),
      onSuccess,
    }),
    rename: useMutation({ mutationFn: (body) => callApi(DeviceRoutes.groupUpdate, { body, silent: true }), onSuccess }),
    remove: useMutation({ mutationFn: (id) => callApi(DeviceRoutes.groupDelete, { query: { id } }), onSuccess }),
    setDevices: useMutation({ mutationFn: (body) => callApi(DeviceRoutes.groupUpdateDevs, { body }), onSuccess }),
  };
}

/** A gateway with its sub-devices and their latest values. */
export function useGatewayDetail(
  id: string | null,
  pollMs: number | false,
): UseQueryResult<RouteResult<typeof DeviceRoutes.gatewayView>> {
  return useQuery({
    queryKey: [...deviceKeys.gateways, 'detail', id],
    queryFn: ({ signal }) => callApi(DeviceRoutes.gatewayView, { query: { id: id ?? '' }, signal }),
    enabled: id !== null,
    refetchInterval: pollMs,
  });
}
