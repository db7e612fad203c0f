import type { ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SCENE_PERMS, SceneRoutes, type SceneRecord } from '@ztj/contracts';
import { AlertedListPage } from '../../../platform/crud/AlertedListPage';
import { epochTimeColumn, yesNoTagColumn } from '../../../platform/crud/crudColumns';
import { useSectionList } from '../../../platform/crud/useSectionList';
import { RowActions } from '../../../platform/list/RowActions';
import { useDeleteByIds } from '../api';
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
  const { list, listError, confirmDelete } = useSectionList({
    route: SceneRoutes.list,
    permissionPrefix: 'scene',
    sourceKey: '/scene/list',
    remover: useDeleteByIds(SceneRoutes.delete),
    t,
    section: 'scenes',
  });
  const go = (path: string, id: string): void => void navigate(`/scene/${path}/${encodeURIComponent(id)}`);

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
    yesNoTagColumn(
      t('fields.enabled'),
      'enabled',
      { yes: t('common.yes'), no: t('common.no') },
      { responsive: ['md'] },
    ),
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
    <AlertedListPage<SceneRecord>
      testId="scenes"
      list={list}
      error={listError}
      errorIn="empty"
      texts={{ empty: t('scenes.empty') }}
      onAdd={() => void navigate('/scene/edit/new')}
      queryFields={[{ name: 'name', label: t('fields.name'), kind: 'text' }]}
      columns={columns}
    />
  );
}
