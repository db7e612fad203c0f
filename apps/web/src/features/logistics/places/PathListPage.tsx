import { useMemo, useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PLACES_PERMS, PlacesRoutes, type RouteRecord } from '@ztj/contracts';
import { confirmRowDelete, sectionDeleteTexts } from '../../../platform/crud/confirmRowDelete';
import { epochTimeColumn } from '../../../platform/crud/crudColumns';
import { LinkActions } from '../../../platform/crud/LinkActions';
import { ListErrorAlert } from '../../../platform/list/ListErrorAlert';
import { ListPage } from '../../../platform/list/ListPage';
import { useListPage } from '../../../platform/list/useListPage';
import { ListEmpty } from '../../../platform/list/ListEmpty';
import { useListError } from '../../../platform/list/useListError';
import { WrapText } from '../../../platform/list/WrapText';
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
  const list = useListPage({ route: PlacesRoutes.pathList, permissionPrefix: 'path', sourceKey: '/settings/paths' });
  const listError = useListError(PlacesRoutes.pathList.path);
  const remove = useDeleteRoutes();

  const confirmDelete = (r: RouteRecord): void =>
    confirmRowDelete({
      texts: sectionDeleteTexts(t, 'paths', r.name),
      okTestId: 'path-delete-ok',
      remove: () => remove.mutateAsync([r.id]),
      onDone: () => list.afterDelete(1),
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
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (v: string) => <WrapText>{v}</WrapText>,
    },
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
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 112,
      render: (_: unknown, r) => (
        <LinkActions
          actions={[
            { key: 'edit', label: t('actions.edit'), permission: PLACES_PERMS.pathEdit, onClick: () => setEditing(r) },
            {
              key: 'delete',
              label: t('actions.delete'),
              permission: PLACES_PERMS.pathDelete,
              danger: true,
              onClick: () => confirmDelete(r),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListErrorAlert
        error={listError}
        title={t('loadFailed')}
        retryText={t('actions.retry')}
        onRetry={() => void list.reload()}
        testId="paths-error"
      />
      <PlaceMap
        className={styles.listMap}
        testId="paths-map"
        pins={pins}
        lines={lines}
        fitKey={list.rows.map((r) => r.id).join(',')}
      />
      <ListPage<RouteRecord>
        testId="paths"
        list={list}
        selectable={false}
        onAdd={() => setEditing('new')}
        queryFields={[{ name: 'name', label: t('fields.name'), kind: 'text' }]}
        columns={columns}
        tableProps={{ locale: { emptyText: <ListEmpty text={t('paths.empty')} /> } }}
      />
      <PathEditModal route={editing} onClose={() => setEditing(null)} />
    </>
  );
}
