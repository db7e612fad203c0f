import { useMemo, useState, type ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PLACES_PERMS, PlacesRoutes, type LocationRecord } from '@ztj/contracts';
import { AlertedListPage } from '../../../platform/crud/AlertedListPage';
import { epochTimeColumn, wrapTextColumn } from '../../../platform/crud/crudColumns';
import { useSectionList } from '../../../platform/crud/useSectionList';
import { placeActionsColumn } from './placeActions';
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
  const { list, listError, confirmDelete } = useSectionList({
    route: PlacesRoutes.pointList,
    permissionPrefix: 'point',
    sourceKey: '/settings/points',
    remover: useDeleteLocations(),
    t,
    section: 'points',
    okTestId: 'point-delete-ok',
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
    wrapTextColumn(t('fields.name'), 'name'),
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
    placeActionsColumn(
      t,
      { edit: PLACES_PERMS.pointEdit, delete: PLACES_PERMS.pointDelete },
      setEditing,
      confirmDelete,
    ),
  ];

  return (
    <>
      <AlertedListPage<LocationRecord>
        testId="points"
        list={list}
        error={listError}
        texts={{ loadFailed: t('loadFailed'), retry: t('actions.retry'), empty: t('points.empty') }}
        above={
          <PlaceMap
            className={styles.listMap}
            testId="points-map"
            pins={pins}
            fences={fences}
            polygons={polygons}
            fitKey={fitKey}
          />
        }
        onAdd={() => setEditing('new')}
        queryFields={[
          { name: 'name', label: t('fields.name'), kind: 'text' },
          { name: 'address', label: t('fields.address'), kind: 'text' },
        ]}
        columns={columns}
      />
      <PointModal location={editing} onClose={() => setEditing(null)} />
    </>
  );
}
