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
  type AlarmRecord,
  type CommentRecord,
  type PageResult,
  type ProcessAdd,
  type ProcessRecord,
} from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';

/** Query keys of the alarm area (lists run on the list machinery under `['list', path]`). */
export const alarmKeys = {
  all: ['alarms'] as const,
  view: (id: string) => ['alarms', 'view', id] as const,
  processes: (alarmId: string) => ['alarms', 'processes', alarmId] as const,
  comments: (alarmId: string) => ['alarms', 'comments', alarmId] as const,
  notices: ['alarms', 'notices'] as const,
  counts: ['alarms', 'counts'] as const,
  range: (deviceId: string, begin: number, end: number) => ['alarms', 'range', deviceId, begin, end] as const,
};

/** Every query showing alarms: the area's own and the alarm, gateway alarm and process record lists. */
export function alarmQueryKeys(): readonly (readonly unknown[])[] {
  return [
    alarmKeys.all,
    ...[AlarmRoutes.list, AlarmRoutes.gatewayList, AlarmRoutes.processList, AlarmRoutes.commonList].map((r) => [
      'list',
      r.path,
    ]),
  ];
}

/** One alarm (`queryById`). */
export function useAlarm(id: string | null): UseQueryResult<AlarmRecord> {
  return useQuery({
    queryKey: alarmKeys.view(id ?? ''),
    queryFn: ({ signal }) => callApi(AlarmRoutes.view, { query: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** Process records of one alarm, newest first (process drawer history; at most 100). */
export function useAlarmProcesses(alarmId: string | null, enabled = true): UseQueryResult<PageResult<ProcessRecord>> {
  return useQuery({
    queryKey: alarmKeys.processes(alarmId ?? ''),
    queryFn: ({ signal }) =>
      callApi(AlarmRoutes.processList, {
        query: { alarmId: alarmId ?? '', pageNo: '1', pageSize: '100', column: 'createTime', order: 'desc' },
        signal,
      }),
    enabled: !!alarmId && enabled,
  });
}

/** Comments of one alarm, oldest first. */
export function useAlarmComments(alarmId: string | null): UseQueryResult<CommentRecord[]> {
  return useQuery({
    queryKey: alarmKeys.comments(alarmId ?? ''),
    queryFn: ({ signal }) => callApi(AlarmRoutes.comments, { query: { alarmId: alarmId ?? '' }, signal }),
    enabled: !!alarmId,
  });
}

/** Refreshes every alarm query after a change (process, comment, flag). */
export function useInvalidateAlarms(): () => Promise<void> {
  const client = useQueryClient();
  return () =>
    Promise.all(alarmQueryKeys().map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** Processes an alarm with a record and a result flag (`process/add`, `alarm:process`); field errors reach the caller. */
export function useProcessAlarm(): UseMutationResult<ProcessRecord, Error, ProcessAdd> {
  const invalidate = useInvalidateAlarms();
  return useMutation({
    mutationFn: (body) => callApi(AlarmRoutes.processAdd, { body, silent: true }),
    onSuccess: () => invalidate(),
  });
}

/** Adds a comment to an alarm; field errors reach the caller. */
export function useAddComment(): UseMutationResult<CommentRecord, Error, { alarmId: string; content: string }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body) => callApi(AlarmRoutes.commentAdd, { body, silent: true }),
    onSuccess: (_r, body) => client.invalidateQueries({ queryKey: alarmKeys.comments(body.alarmId) }),
  });
}

/**
 * Active unprocessed alarms, newest first (`commonAlarmList`, first `limit`): the notice bell's
 * count (`total`) and list. Silent: a user without `alarm:list` simply has no bell.
 */
export function useOpenAlarms(limit = 5, enabled = true): UseQueryResult<PageResult<AlarmRecord>> {
  return useQuery({
    queryKey: [...alarmKeys.notices, limit],
    queryFn: ({ signal }) =>
      callApi(AlarmRoutes.commonList, { query: { pageNo: '1', pageSize: String(limit) }, silent: true, signal }),
    enabled,
    retry: false,
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}

async function alarmsOverlapping(
  deviceId: string,
  begin: number,
  end: number,
  signal: AbortSignal,
): Promise<AlarmRecord[]> {
  const base = {
    deviceId,
    startTs_end: String(end),
    pageNo: '1',
    pageSize: '200',
    column: 'startTs',
    order: 'desc' as const,
  };
  const [active, ended] = await Promise.all([
    callApi(AlarmRoutes.list, { query: { ...base, status: 'active' }, silent: true, signal }),
    callApi(AlarmRoutes.list, { query: { ...base, endTs_begin: String(begin) }, silent: true, signal }),
  ]);
  return [...active.records, ...ended.records];
}

/**
 * Alarms of a device overlapping `[begin, end]` (device ms) for the history chart: the active
 * ones that started before `end` and the cleared ones that ended after `begin` (two list calls,
 * at most 200 each).
 */
export function useDeviceAlarmsInRange(
  deviceId: string,
  begin: number,
  end: number,
  enabled = true,
): UseQueryResult<AlarmRecord[]> {
  return useQuery({
    queryKey: alarmKeys.range(deviceId, begin, end),
    queryFn: ({ signal }) => alarmsOverlapping(deviceId, begin, end, signal),
    enabled: enabled && deviceId !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
}
