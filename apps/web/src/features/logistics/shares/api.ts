import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  ShareRoutes,
  type AlarmRecord,
  type HistoryResult,
  type PageResult,
  type RouteBody,
  type RouteQuery,
  type RouteResult,
  type ShareAccessRecord,
  type ShareDetail,
  type SharedDevice,
  type ShareRecord,
} from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';

/**
 * Calls of device shares (ShareRoutes of the contracts). Owner lists run on the
 * list machinery under `['list', path]`; saves are silent so field errors reach the form.
 * Receiver reads are never cached beyond the screen: the server checks the share on every call.
 */

const detailKey = (id: string): readonly unknown[] => ['shares', 'detail', id];

/** Refreshes the share list, the open detail and its access log after a change. */
function useRefresh(): (id?: string) => Promise<void> {
  const client = useQueryClient();
  return (id) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['list', ShareRoutes.list.path] }),
      ...(id ? [client.invalidateQueries({ queryKey: detailKey(id) })] : []),
    ]).then(() => undefined);
}

/** One share with its devices (owner side). */
export function useShareDetail(id: string | null): UseQueryResult<ShareDetail> {
  return useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: ({ signal }) => callApi(ShareRoutes.view, { query: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });
}

/** Access log of one share, one page. */
export function useShareAccessLog(
  shareId: string | null,
  pageNo: number,
  pageSize: number,
): UseQueryResult<PageResult<ShareAccessRecord>> {
  return useQuery({
    queryKey: ['shares', 'accessLog', shareId, pageNo, pageSize],
    queryFn: ({ signal }) =>
      callApi(ShareRoutes.accessLog, {
        query: { shareId: shareId ?? '', pageNo: String(pageNo), pageSize: String(pageSize) },
        signal,
      }),
    enabled: Boolean(shareId),
    placeholderData: keepPreviousData,
  });
}

/** Adds a share (no id) or changes note and expiry of one. */
export function useSaveShare(): UseMutationResult<
  ShareRecord,
  Error,
  RouteBody<typeof ShareRoutes.add> & { id?: string }
> {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }) =>
      id
        ? callApi(ShareRoutes.update, {
            body: { id, note: body.note, expireTime: body.expireTime ?? null },
            silent: true,
          })
        : callApi(ShareRoutes.add, { body, silent: true }),
    onSuccess: (r) => refresh(r.id),
  });
}

/** Ends a share. */
export function useUnbindShare(): UseMutationResult<ShareRecord, Error, string> {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id) => callApi(ShareRoutes.unbind, { body: { id } }),
    onSuccess: (r) => refresh(r.id),
  });
}

/** Adds (`bind`) or removes devices of a share. */
export function useShareDevices(): UseMutationResult<
  ShareRecord,
  Error,
  { id: string; deviceIds: string[]; bind: boolean }
> {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, deviceIds, bind }) =>
      callApi(bind ? ShareRoutes.bindDevs : ShareRoutes.unbindDevs, { body: { id, deviceIds }, silent: bind }),
    onSuccess: (r) => refresh(r.id),
  });
}

/** Devices shared with me (receiver side). */
export function useReceiveList(
  query: RouteQuery<typeof ShareRoutes.receiveList>,
): UseQueryResult<PageResult<SharedDevice>> {
  return useQuery({
    queryKey: ['shares', 'received', query],
    queryFn: ({ signal }) => callApi(ShareRoutes.receiveList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One device shared with me. */
export function useSharedDevice(id: string | null): UseQueryResult<SharedDevice> {
  return useQuery({
    queryKey: ['shares', 'device', id],
    queryFn: ({ signal }) => callApi(ShareRoutes.deviceView, { query: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** History of a shared device (table page or chart series). */
export function useSharedHistory(query: RouteQuery<typeof ShareRoutes.deviceHistory>): UseQueryResult<HistoryResult> {
  return useQuery({
    queryKey: ['shares', 'history', query],
    queryFn: ({ signal }) => callApi(ShareRoutes.deviceHistory, { query, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Positions of a shared device for a range. */
export function useSharedTrack(
  id: string,
  beginTime: number,
  endTime: number,
): UseQueryResult<RouteResult<typeof ShareRoutes.deviceTrack>> {
  return useQuery({
    queryKey: ['shares', 'track', id, beginTime, endTime],
    queryFn: ({ signal }) => callApi(ShareRoutes.deviceTrack, { query: { id, beginTime, endTime }, signal }),
    retry: false,
  });
}

/** Alarms of a shared device, one page. */
export function useSharedAlarms(id: string, pageNo: number, pageSize: number): UseQueryResult<PageResult<AlarmRecord>> {
  return useQuery({
    queryKey: ['shares', 'alarms', id, pageNo, pageSize],
    queryFn: ({ signal }) => callApi(ShareRoutes.deviceAlarms, { query: { id, pageNo, pageSize }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
