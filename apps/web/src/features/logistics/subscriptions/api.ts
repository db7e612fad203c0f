import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import {
  SubscribeRoutes,
  type DeviceServiceList,
  type ExpiredDevice,
  type SubscribeOrder,
  type SubscribeOrderDetail,
  type SubscribeRenew,
} from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';

/**
 * Calls of subscriptions (SubscribeRoutes of the contracts). The order list runs
 * on the list machinery under `['list', path]`; renew is silent so its field errors reach the
 * form. Every change refreshes the list, the open detail, the device services and the expired set.
 */

const detailKey = (id: string): readonly unknown[] => ['subscriptions', 'detail', id];
const SERVICES_KEY = ['subscriptions', 'devices'] as const;
const EXPIRED_KEY = ['subscriptions', 'expired'] as const;

function useRefresh(): (id?: string) => Promise<void> {
  const client = useQueryClient();
  return (id) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['list', SubscribeRoutes.list.path] }),
      client.invalidateQueries({ queryKey: SERVICES_KEY }),
      client.invalidateQueries({ queryKey: EXPIRED_KEY }),
      ...(id ? [client.invalidateQueries({ queryKey: detailKey(id) })] : []),
    ]).then(() => undefined);
}

/** One order with its devices and their service ends. */
export function useOrderDetail(id: string): UseQueryResult<SubscribeOrderDetail> {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => callApi(SubscribeRoutes.view, { query: { id }, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The tenant's devices with their service state and the unit price (renewal dialog, reminders). */
export function useDeviceServices(enabled = true): UseQueryResult<DeviceServiceList> {
  return useQuery({
    queryKey: SERVICES_KEY,
    queryFn: ({ signal }) => callApi(SubscribeRoutes.devices, { signal }),
    enabled,
  });
}

/**
 * Devices of the tenant whose service has ended, by id (device list and detail tag). One call
 * shared by every tag on the screen, kept a minute; absent (no tag) when the call fails.
 */
export function useExpiredDevices(): Map<string, ExpiredDevice> | undefined {
  const q = useQuery({
    queryKey: EXPIRED_KEY,
    queryFn: ({ signal }) => callApi(SubscribeRoutes.expired, { signal, silent: true }),
    staleTime: 60_000,
    retry: false,
  });
  return q.data ? new Map(q.data.map((d) => [d.deviceId, d])) : undefined;
}

/** Creates an unpaid renewal order. */
export function useRenew(): UseMutationResult<SubscribeOrder, Error, SubscribeRenew> {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body) => callApi(SubscribeRoutes.renew, { body, silent: true }),
    onSuccess: (r) => refresh(r.id),
  });
}

/** Cancels an unpaid order. */
export function useCancelOrder(): UseMutationResult<SubscribeOrder, Error, string> {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id) => callApi(SubscribeRoutes.cancel, { body: { id } }),
    onSuccess: (r) => refresh(r.id),
  });
}

/** Platform administrator: marks an unpaid order paid. */
export function useConfirmPay(): UseMutationResult<SubscribeOrder, Error, string> {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id) => callApi(SubscribeRoutes.confirmPay, { body: { id } }),
    onSuccess: (r) => refresh(r.id),
  });
}
