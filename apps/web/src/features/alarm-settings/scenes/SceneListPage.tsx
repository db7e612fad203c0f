import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SCENE_PERMS, SceneRoutes, type SceneRecord } from '@ztj/contracts';
import { confirmRowDelete, sectionDeleteTexts } from '../../../platform/crud/confirmRowDelete';
import { epochTimeColumn } from '../../../platform/crud/crudColumns';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { useDeleteByIds } from '../api';
import { ListEmpty } from '../../../platform/list/ListEmpty';
import { useListError } from '../../../platform/list/useListError';
import { WrapText } from '../../../platform/list/WrapText';
import { actionsSummary } from './sceneText';

/**
 * Scene list (`scene/SceneList`; SPEC §2): name, devices, enabled, alarms / active, actions in
 * words; add and edit open the 3-step wizard, detail and params their pages; delete after
 * confirmation. Buttons by SCENE_PERMS.
 */
export function SceneListPage(): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const navigate = useNavigate();
  const list = useListPage({ route: SceneRoutes.list, permissionPrefix: 'scene', sourceKey: '/scene/list' });
  const listError = useListError(SceneRoutes.list.path);
  const remove = useDeleteByIds(SceneRoutes.delete);
  const go = (path: string, id: string): void => void navigate(`/scene/${path}/${encodeURIComponent(id)}`);

  const confirmDelete = (s: SceneRecord): void =>
    confirmRowDelete({
      texts: sectionDeleteTexts(t, 'scenes', s.name),
      remove: () => remove.mutateAsync([s.id]),
      onDone: () => list.afterDelete(1),
    });

  const columns: ColumnsType<SceneRecord> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (v: string, s) => (
        <WrapText>
          <a onClick={() => go('detail', s.id)}>{v}</a>
        </WrapText>
      ),
    },
    {
      title: t('scenes.deviceCount'),
      key: 'devices',
      width: 100,
      responsive: ['md'],
      render: (_: unknown, s) => s.devices.length,
    },
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      responsive: ['md'],
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('common.yes') : t('common.no')}</Tag>,
    },
    {
      title: t('scenes.alarms'),
      key: 'alarms',
      width: 130,
      responsive: ['md'],
      render: (_: unknown, s) => t('scenes.alarmCounts', { total: s.alarmCount, active: s.activeCount }),
    },
    {
      title: t('scenes.actions'),
      key: 'actionsSummary',
      responsive: ['md'],
      render: (_: unknown, s) => actionsSummary(s.actions, t),
    },
    epochTimeColumn(t('fields.createTime'), 'createTime', { responsive: ['md'] }),
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      // four actions: the first as a link, the rest under "More" (stacked links took four lines)
      render: (_: unknown, s) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('actions.detail'), onClick: () => go('detail', s.id) },
            { key: 'params', label: t('scenes.params'), onClick: () => go('params', s.id) },
            { key: 'edit', label: t('actions.edit'), onClick: () => go('edit', s.id), permission: SCENE_PERMS.edit },
            {
              key: 'delete',
              label: t('actions.delete'),
              onClick: () => confirmDelete(s),
              permission: SCENE_PERMS.delete,
              danger: true,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage<SceneRecord>
      testId="scenes"
      list={list}
      selectable={false}
      onAdd={() => void navigate('/scene/edit/new')}
      queryFields={[{ name: 'name', label: t('fields.name'), kind: 'text' }]}
      columns={columns}
      tableProps={{ locale: { emptyText: <ListEmpty error={listError} text={t('scenes.empty')} /> } }}
    />
  );
}
