import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AlarmRecord, RouteDef, WsAlarmMessage } from '@ztj/contracts';
import { useAlarmSocket } from '../../platform/websocket/alarmSocket';
import { useListPage, type ListPageState, type UseListPageOptions } from '../../platform/list/useListPage';
import { mergeAlarmRows } from './alarmMerge';

/** How long a newly raised row stays highlighted, ms. */
export const FRESH_MS = 4000;
/** Delay of the refetch that follows live notices (several notices share one), ms. */
const SETTLE_MS = 1500;

/** What {@link useLiveAlarmList} gives: the list for `<ListPage>`, the highlighted ids and a row patch. */
export interface LiveAlarmList {
  list: ListPageState<AlarmRecord>;
  /** Ids of rows raised live in the last {@link FRESH_MS}. */
  fresh: ReadonlySet<string>;
  /** Replaces a row at once (e.g. after processing it here). */
  patch: (alarm: AlarmRecord) => void;
}

/**
 * The list machinery for an alarm list that follows the live notices: a
 * `raised` alarm that fits page 1 and the filters goes on top, highlighted for a few seconds;
 * `cleared` / `processed` update their row in place; a refetch follows shortly after, so totals
 * and paging come from the server. `accept` narrows the notices a list cares about.
 */
export function useLiveAlarmList<D extends RouteDef>(
  options: UseListPageOptions<D>,
  accept?: (alarm: AlarmRecord) => boolean,
): LiveAlarmList {
  const list = useListPage(options) as unknown as ListPageState<AlarmRecord>;
  const [messages, setMessages] = useState<WsAlarmMessage[]>([]);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const { reload } = list;

  // a new page from the server already holds what the notices said
  useEffect(() => setMessages((m) => (m.length === 0 ? m : [])), [list.rows]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      clearTimeout(settle.current);
      pending.forEach(clearTimeout);
    };
  }, []);

  const onMessage = useCallback(
    (message: WsAlarmMessage) => {
      if (accept && !accept(message.alarm)) return;
      setMessages((m) => [...m, message]);
      if (message.event === 'raised') {
        const id = message.alarm.id;
        setFresh((s) => new Set(s).add(id));
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          setFresh((s) => {
            const next = new Set(s);
            next.delete(id);
            return next;
          });
        }, FRESH_MS);
        timers.current.add(timer);
      }
      clearTimeout(settle.current);
      settle.current = setTimeout(() => void reload(), SETTLE_MS);
    },
    [accept, reload],
  );
  useAlarmSocket(onMessage);

  const ctx = useMemo(
    () => ({
      pageNo: list.pageNo,
      pageSize: list.pageSize,
      filters: { ...options.defaultQuery, ...list.filters },
      sort: list.sort,
    }),
    [list.pageNo, list.pageSize, list.filters, list.sort, options.defaultQuery],
  );
  const rows = useMemo(
    () => messages.reduce<readonly AlarmRecord[]>((r, m) => mergeAlarmRows(r, m, ctx), list.rows),
    [messages, list.rows, ctx],
  );
  const patch = useCallback(
    (alarm: AlarmRecord) => setMessages((m) => [...m, { cmd: 'alarm', event: 'processed', alarm }]),
    [],
  );
  const shown = useMemo(() => ({ ...list, rows: rows as AlarmRecord[] }), [list, rows]);
  return { list: shown, fresh, patch };
}
