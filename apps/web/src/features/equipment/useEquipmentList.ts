import { useMemo } from 'react';
import { EquipmentRoutes, type EquipmentFamily, type EquipmentRecord } from '@ztj/contracts';
import type { ListPageState } from '../../platform/list/useListPage';
import { useDeviceLive } from '../devices/useDeviceLive';
import { useLiveListPage } from '../devices/useLiveListPage';
import { patchLiveRow } from './equipmentView';

/** What {@link useEquipmentList} gives: the list (rows patched live), its error and the socket state. */
export interface EquipmentList {
  list: ListPageState<EquipmentRecord>;
  error: Error | null;
  connected: boolean;
}

/**
 * The equipment list of some families (`/wlx/equipment/list?family=a,b`) on the list machinery,
 * rows patched from the telemetry WebSocket (newest reading per device) and refetched in the
 * background (6 s without the socket, 30 s with it; SPEC §9).
 */
export function useEquipmentList(families: readonly EquipmentFamily[], sourceKey: string): EquipmentList {
  const { live, connected, pollMs } = useDeviceLive();
  const defaultQuery = useMemo(() => ({ family: families.join(',') }), [families]);
  const { list, error } = useLiveListPage(
    {
      route: EquipmentRoutes.list,
      permissionPrefix: 'equipment',
      sourceKey,
      defaultQuery,
      defaultSort: { column: 'id', order: 'asc' },
    },
    pollMs,
  );
  const rows = useMemo(() => list.rows.map((r) => patchLiveRow(r, live.get(r.id)?.reading)), [list.rows, live]);
  const shown = useMemo(() => ({ ...list, rows }), [list, rows]);
  return { list: shown, error, connected };
}
