import { useMemo, useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PLACES_PERMS, PlacesRoutes, type RouteRecord } from '@ztj/contracts';
import { AlertedListPage } from '../../../platform/crud/AlertedListPage';
import { epochTimeColumn, wrapTextColumn } from '../../../platform/crud/crudColumns';
import { useSectionList } from '../../../platform/crud/useSectionList';
import { WrapText } from '../../../platform/list/WrapText';
import { placeActionsColumn } from './placeActions';
import { useDeleteRoutes } from './api';
import { PathEditModal } from './PathEditModal';
import { PlaceMap, type MapPin } from './PlaceMap';
import styles from './places.module.css';

/** "Origin → Destination" of a route, by the points' labels or their coordinates. */
function stretchOf(r: RouteRecord): string {
  const label = (p: RouteRecord['origin']): string => p.name || `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`;
  return `${label(r.origin)} → ${label(r.destination)}`;
}

/**
 * Settings → paths (`settings/PathList`; SPEC §2, §3 Route): the tenant's preset
 * routes on a map (the current page) and in the generic list; add / edit in the map editor, delete after confirmation; buttons by
 * PLACES_PERMS.
 */
export function PathListPage(): ReactNode {
  const { t } = useTranslation('places');
  const [editing, setEditing] = useState<RouteRecord | 'new' | null>(null);
  const { list, listError, confirmDelete } = useSectionList({
    route: PlacesRoutes.pathList,
    permissionPrefix: 'path',
    sourceKey: '/settings/paths',
    remover: useDeleteRoutes(),
    t,
    section: 'paths',
    okTestId: 'path-delete-ok',
  });

  const lines = useMemo(
    () => list.rows.map((r) => ({ key: r.id, points: [r.origin, ...r.waypoints, r.destination] })),
    [list.rows],
  );
  const pins = useMemo<MapPin[]>(
    () =>
      list.rows.flatMap((r) => [
        {
          key: `${r.id}-a`,
          lat: r.origin.lat,
          lng: r.origin.lng,
          kind: 'origin' as const,
          text: 'A',
          title: r.origin.name ? `${r.name}: ${r.origin.name}` : r.name,
        },
        {
          key: `${r.id}-b`,
          lat: r.destination.lat,
          lng: r.destination.lng,
          kind: 'destination' as const,
          text: 'B',
          title: r.destination.name ? `${r.name}: ${r.destination.name}` : r.name,
        },
      ]),
    [list.rows],
  );

  const columns: ColumnsType<RouteRecord> = [
    wrapTextColumn(t('fields.name'), 'name'),
    {
      title: t('paths.stretch'),
      key: 'stretch',
      responsive: ['md'],
      render: (_: unknown, r) => <WrapText>{stretchOf(r)}</WrapText>,
    },
    {
      title: t('paths.waypoints'),
      key: 'waypoints',
      width: 110,
      responsive: ['lg'],
      render: (_: unknown, r) => t('paths.waypointCount', { count: r.waypoints.length }),
    },
    {
      title: t('fields.fenceRadius'),
      dataIndex: 'fenceRadiusM',
      key: 'fenceRadiusM',
      sorter: true,
      width: 130,
      responsive: ['sm'],
      render: (v: number) => v.toLocaleString(),
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      key: 'description',
      responsive: ['xl'],
      render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text>,
    },
    epochTimeColumn(t('fields.createTime'), 'createTime', { sorter: true, responsive: ['lg'] }),
    placeActionsColumn(t, { edit: PLACES_PERMS.pathEdit, delete: PLACES_PERMS.pathDelete }, setEditing, confirmDelete),
  ];

  return (
    <>
      <AlertedListPage<RouteRecord>
        testId="paths"
        list={list}
        error={listError}
        texts={{ loadFailed: t('loadFailed'), retry: t('actions.retry'), empty: t('paths.empty') }}
        above={
          <PlaceMap
            className={styles.listMap}
            testId="paths-map"
            pins={pins}
            lines={lines}
            fitKey={list.rows.map((r) => r.id).join(',')}
          />
        }
        onAdd={() => setEditing('new')}
        queryFields={[{ name: 'name', label: t('fields.name'), kind: 'text' }]}
        columns={columns}
      />
      <PathEditModal route={editing} onClose={() => setEditing(null)} />
    </>
  );
}
