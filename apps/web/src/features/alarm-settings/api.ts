import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  AlarmSettingsRoutes,
  DeviceRoutes,
  PushRoutes,
  SceneRoutes,
  type RouteBody,
  type RouteDef,
  type RouteResult,
  type RuleTemplateRecord,
  type SceneRecord,
  type UserGroupRecord,
} from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';
import { localParamDefaults, type ParamDefault } from './paramDefaults';

/** Query keys of the alarm settings area (lists run on the list machinery under `['list', path]`). */
export const settingsKeys = {
  paramDefaults: ['alarmSettings', 'paramDefaults'] as const,
  groupOptions: ['alarmSettings', 'groupOptions'] as const,
  deviceGroups: ['alarmSettings', 'deviceGroups'] as const,
  bindings: (id: string) => ['alarmSettings', 'bindings', id] as const,
  scene: (id: string) => ['alarmSettings', 'scene', id] as const,
  devices: (ids: string) => ['alarmSettings', 'devices', ids] as const,
  channels: ['alarmSettings', 'channels'] as const,
};

function useInvalidate(routes: readonly RouteDef[], extra: readonly (readonly unknown[])[] = []): () => Promise<void> {
  const client = useQueryClient();
  return () =>
    Promise.all([
      ...routes.map((r) => client.invalidateQueries({ queryKey: ['list', r.path] })),
      ...extra.map((k) => client.invalidateQueries({ queryKey: k })),
    ]).then(() => undefined);
}

/**
 * Numeric monitoring parameters with unit, range and suggested limits (paramDefaults); the contracts'
 * table without suggestions while it loads or when the call fails, so the editor always has them.
 */
export function useParamDefaults(): ParamDefault[] {
  const query = useQuery({
    queryKey: settingsKeys.paramDefaults,
    queryFn: ({ signal }) => callApi(AlarmSettingsRoutes.paramDefaults, { silent: true, signal }),
    staleTime: Infinity,
    retry: false,
  });
  return query.data && query.data.length > 0 ? query.data : localParamDefaults();
}

/** Recipient groups of the tenant (first 200) for the notify selects. */
export function useUserGroupOptions(): UseQueryResult<UserGroupRecord[]> {
  return useQuery({
    queryKey: settingsKeys.groupOptions,
    queryFn: async ({ signal }) =>
      (
        await callApi(AlarmSettingsRoutes.groupList, {
          query: { pageNo: 1, pageSize: 200, column: 'name', order: 'asc' } as never,
          silent: true,
          signal,
        })
      ).records,
  });
}

/** Device groups of the tenant (first 200) for the bind dialog. */
export function useDeviceGroupOptions(): UseQueryResult<RouteResult<typeof DeviceRoutes.groupList>['records']> {
  return useQuery({
    queryKey: settingsKeys.deviceGroups,
    queryFn: async ({ signal }) =>
      (await callApi(DeviceRoutes.groupList, { query: { pageNo: 1, pageSize: 200 } as never, signal })).records,
  });
}

/** Devices by id (models for the scene command's period limits, names for tags). */
export function useDevicesByIds(ids: readonly string[]): UseQueryResult<RouteResult<typeof DeviceRoutes.byIds>> {
  const joined = ids.join(',');
  return useQuery({
    queryKey: settingsKeys.devices(joined),
    queryFn: ({ signal }) => callApi(DeviceRoutes.byIds, { query: { ids: joined } as never, signal }),
    enabled: ids.length > 0,
  });
}

/** Adds (no id) or replaces a rule template; field errors reach the caller (silent). */
export function useSaveTemplate(): UseMutationResult<
  RuleTemplateRecord,
  Error,
  RouteBody<typeof AlarmSettingsRoutes.templateAdd> & { id?: string }
> {
  const invalidate = useInvalidate([AlarmSettingsRoutes.templateList]);
  return useMutation({
    mutationFn: (body) =>
      body.id
        ? callApi(AlarmSettingsRoutes.templateUpdate, {
            body: body as RouteBody<typeof AlarmSettingsRoutes.templateUpdate>,
            silent: true,
          })
        : callApi(AlarmSettingsRoutes.templateAdd, { body, silent: true }),
    onSuccess: () => invalidate(),
  });
}

/** Current bindings of a template (devices and device groups). */
export function useTemplateBindings(
  id: string | null,
): UseQueryResult<RouteResult<typeof AlarmSettingsRoutes.templateBindings>> {
  return useQuery({
    queryKey: settingsKeys.bindings(id ?? ''),
    queryFn: ({ signal }) => callApi(AlarmSettingsRoutes.templateBindings, { query: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** Replaces a template's bindings (importDevs). */
export function useBindTemplate(): UseMutationResult<
  RouteResult<typeof AlarmSettingsRoutes.templateBind>,
  Error,
  RouteBody<typeof AlarmSettingsRoutes.templateBind>
> {
  const client = useQueryClient();
  const invalidate = useInvalidate([AlarmSettingsRoutes.templateList]);
  return useMutation({
    mutationFn: (body) => callApi(AlarmSettingsRoutes.templateBind, { body }),
    onSuccess: (_r, body) =>
      Promise.all([invalidate(), client.invalidateQueries({ queryKey: settingsKeys.bindings(body.id) })]),
  });
}

/** Adds or replaces a recipient group; field errors reach the caller. */
export function useSaveUserGroup(): UseMutationResult<
  UserGroupRecord,
  Error,
  RouteBody<typeof AlarmSettingsRoutes.groupAdd> & { id?: string }
> {
  const invalidate = useInvalidate([AlarmSettingsRoutes.groupList], [settingsKeys.groupOptions]);
  return useMutation({
    mutationFn: (body) =>
      body.id
        ? callApi(AlarmSettingsRoutes.groupUpdate, {
            body: body as RouteBody<typeof AlarmSettingsRoutes.groupUpdate>,
            silent: true,
          })
        : callApi(AlarmSettingsRoutes.groupAdd, { body, silent: true }),
    onSuccess: () => invalidate(),
  });
}

/** One scene (detail, params, edit). */
export function useScene(id: string | null): UseQueryResult<SceneRecord> {
  return useQuery({
    queryKey: settingsKeys.scene(id ?? ''),
    queryFn: ({ signal }) => callApi(SceneRoutes.view, { query: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

/** Adds or replaces a scene; field errors reach the caller. */
export function useSaveScene(): UseMutationResult<
  SceneRecord,
  Error,
  RouteBody<typeof SceneRoutes.add> & { id?: string }
> {
  const client = useQueryClient();
  const invalidate = useInvalidate([SceneRoutes.list]);
  return useMutation({
    mutationFn: (body) =>
      body.id
        ? callApi(SceneRoutes.update, { body: body as RouteBody<typeof SceneRoutes.update>, silent: true })
        : callApi(SceneRoutes.add, { body, silent: true }),
    onSuccess: (r) => Promise.all([invalidate(), client.invalidateQueries({ queryKey: settingsKeys.scene(r.id) })]),
  });
}

/** Deletes records by id through a batch delete route (`?ids=`), then refreshes its list. */
export function useDeleteByIds(
  route: typeof AlarmSettingsRoutes.templateDelete | typeof AlarmSettingsRoutes.groupDelete | typeof SceneRoutes.delete,
): UseMutationResult<null, Error, string[]> {
  return useMutation({ mutationFn: (ids) => callApi(route, { query: { ids: ids.join(',') } }) });
}

/** Which push channels this server has configured. */
export function usePushChannels(): UseQueryResult<RouteResult<typeof PushRoutes.channels>> {
  return useQuery({
    queryKey: settingsKeys.channels,
    queryFn: ({ signal }) => callApi(PushRoutes.channels, { signal, silent: true }),
  });
}
