import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { AnnouncementRoutes, NOTICE_POLL_MS, type ListByUserResult } from '@ztj/contracts';
import { callApi } from '../../platform/http/callApi';
import {
  isSocketConnected,
  subscribeSocketFrames,
  subscribeSocketStatus,
} from '../../platform/websocket/telemetrySocket';
import { toServerMessage } from '../../platform/websocket/useAnnouncementSocket';

/** Query keys of the caller's announcements (bell, own lists, one received announcement). */
export const announcementKeys = {
  all: ['announcements'] as const,
  bell: ['announcements', 'bell'] as const,
  one: (id: string) => ['announcements', 'one', id] as const,
};

/** Reloads everything the caller's announcements feed (bell, message lists). */
export async function reloadAnnouncements(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: announcementKeys.all }),
    client.invalidateQueries({ queryKey: ['list', AnnouncementRoutes.mine.path] }),
  ]);
}

/**
 * The caller's unread notices and system messages (`listByUser`, SPEC §4): loaded at start and
 * again on each pushed `topic` / `user` message of the console socket. While the socket is down
 * the bell polls every 6 s (SPEC §9); a failed poll stops the timer silently until the next load.
 */
export function useAnnouncementBell(): {
  data: ListByUserResult | undefined;
  unread: number;
  isLoading: boolean;
  isError: boolean;
} {
  const client = useQueryClient();
  const connected = useSyncExternalStore(subscribeSocketStatus, isSocketConnected);
  const q = useQuery({
    queryKey: announcementKeys.bell,
    queryFn: () => callApi(AnnouncementRoutes.listByUser, { query: { pageSize: 10 }, silent: true }),
    retry: false,
    refetchInterval: (query) => (connected || query.state.status === 'error' ? false : NOTICE_POLL_MS),
  });
  useEffect(
    () =>
      subscribeSocketFrames((data) => {
        const m = toServerMessage(data);
        if (m && m.cmd !== 'heartcheck') void reloadAnnouncements(client);
      }),
    [client],
  );
  const unread = (q.data?.anntMsgTotal ?? 0) + (q.data?.sysMsgTotal ?? 0);
  return { data: q.data, unread, isLoading: q.isLoading, isError: q.isError };
}

/** Marks every received announcement read, then reloads the bell and lists. */
export async function readAll(client: QueryClient): Promise<void> {
  await callApi(AnnouncementRoutes.readAll);
  await reloadAnnouncements(client);
}
