import { useMemo, useState, type ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PLACES_PERMS, PlacesRoutes, type LocationRecord } from '@ztj/contracts';
import { confirmRowDelete, sectionDeleteTexts } from '../../../platform/crud/confirmRowDelete';
import { epochTimeColumn } from '../../../platform/crud/crudColumns';
import { LinkActions } from '../../../platform/crud/LinkActions';
import { ListErrorAlert } from '../../../platform/list/ListErrorAlert';
import { ListPage } from '../../../platform/list/ListPage';
import { useListPage } from '../../../platform/list/useListPage';
import { ListEmpty } from '../../../platform/list/ListEmpty';
import { useListError } from '../../../platform/list/useListError';
import { WrapText } from '../../../platform/list/WrapText';
import { useDeleteLocations } from './api';
import { formatDeg } from './placeForm';
import { PlaceMap, type MapFence, type MapPin } from './PlaceMap';
import { PointModal } from './PointModal';
import styles from './places.module.css';

/**
 * Settings → points (`settings/PointList`; SPEC §2, §3 Location): the tenant's
 * locations on a map (the current page, fences drawn) and in the generic list; add / edit in a
 * modal with a map, delete after confirmation; buttons by PLACES_PERMS.
 */
export function PointListPage(): ReactNode {
  const { t } = useTranslation('places');
  const [editing, setEditing] = useState<LocationRecord | 'new' | null>(null);
  const list = useListPage({ route: PlacesRoutes.pointList, permissionPrefix: 'point', sourceKey: '/settings/points' });
  const listError = useListError(PlacesRoutes.pointList.path);
  const remove = useDeleteLocations();

  const confirmDelete = (l: LocationRecord): void =>
    confirmRowDelete({
      texts: sectionDeleteTexts(t, 'points', l.name),
      okTestId: 'point-delete-ok',
      remove: () => remove.mutateAsync([l.id]),
      onDone: () => list.afterDelete(1),
    });

  const pins = useMemo<MapPin[]>(
    () =>
      list.rows.map((l, i) => ({
        key: l.id,
        lat: l.lat,
        lng: l.lng,
        kind: 'centre',
        text: String(i + 1),
        title: l.name,
      })),
    [list.rows],
  );
  const fences = useMemo<MapFence[]>(
    () =>
      list.rows.map((l) => ({ key: l.id, lat: l.lat, lng: l.lng, radiusM: l.fenceRadiusM, enabled: l.fenceEnabled })),
    [list.rows],
  );
  const polygons = useMemo(() => list.rows.flatMap((l) => (l.polygon ? [l.polygon] : [])), [list.rows]);
  const fitKey = list.rows.map((l) => l.id).join(',');

  const columns: ColumnsType<LocationRecord> = [
    { title: '#', key: 'index', width: 48, render: (_: unknown, _l, i) => i + 1 },
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (v: string) => <WrapText>{v}</WrapText>,
    },
    {
      title: t('fields.address'),
      dataIndex: 'address',
      key: 'address',
      sorter: true,
      responsive: ['md'],
      render: (v: string) => <Typography.Text type="secondary">{v || '—'}</Typography.Text>,
    },
    {
      title: t('fields.centre'),
      key: 'centre',
      responsive: ['lg'],
      render: (_: unknown, l) => (
        <span className={styles.coords}>
          {formatDeg(l.lat)}, {formatDeg(l.lng)}
        </span>
      ),
    },
    {
      title: t('fields.fenceRadius'),
      dataIndex: 'fenceRadiusM',
      key: 'fenceRadiusM',
      sorter: true,
      width: 130,
      render: (v: number) => v.toLocaleString(),
    },
    {
      title: t('fields.fenceEnabled'),
      dataIndex: 'fenceEnabled',
      key: 'fenceEnabled',
      width: 110,
      responsive: ['sm'],
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('points.on') : t('points.off')}</Tag>,
    },
    epochTimeColumn(t('fields.createTime'), 'createTime', { sorter: true, responsive: ['xl'] }),
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 112,
      render: (_: unknown, l) => (
        <LinkActions
          actions={[
            { key: 'edit', label: t('actions.edit'), permission: PLACES_PERMS.pointEdit, onClick: () => setEditing(l) },
            {
              key: 'delete',
              label: t('actions.delete'),
              permission: PLACES_PERMS.pointDelete,
              danger: true,
              onClick: () => confirmDelete(l),
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
        testId="points-error"
      />
      <PlaceMap
        className={styles.listMap}
        testId="points-map"
        pins={pins}
        fences={fences}
        polygons={polygons}
        fitKey={fitKey}
      />
      <ListPage<LocationRecord>
        testId="points"
        list={list}
        selectable={false}
        onAdd={() => setEditing('new')}
        queryFields={[
          { name: 'name', label: t('fields.name'), kind: 'text' },
          { name: 'address', label: t('fields.address'), kind: 'text' },
        ]}
        columns={columns}
        tableProps={{ locale: { emptyText: <ListEmpty text={t('points.empty')} /> } }}
      />
      <PointModal location={editing} onClose={() => setEditing(null)} />
    </>
  );
}
