import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/list/listQuery';
import { PATTERNS, PositionRoutes, type PositionRecord } from '@ztj/contracts';
import { patternRule } from '../../../platform/forms/formRules';
import { callApi } from '../../../platform/http/callApi';
import { ListPage } from '../../../platform/list/ListPage';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { EntityFormModal, textOrNull } from '../EntityFormModal';

/** Positions (`system/PositionList`): code, name, rank. */
export function PositionListPage(): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [editing, setEditing] = useState<{ row?: PositionRecord } | null>(null);
  const list = useListPage({
    route: PositionRoutes.list,
    permissionPrefix: 'position',
    sourceKey: '/system/position',
    deleteRoute: PositionRoutes.delete,
    deleteBatchRoute: PositionRoutes.deleteBatch,
    exportRoute: PositionRoutes.exportXls,
  });
  const row = editing?.row;
  return (
    <>
      <ListPage<PositionRecord>
        testId="position-list"
        list={list}
        batchDelete
        exportName={t('position.exportName')}
        importRoute={PositionRoutes.importExcel}
        onAdd={() => setEditing({})}
        queryFields={[
          { name: 'name', label: t('position.name'), kind: 'text' },
          { name: 'code', label: t('position.code'), kind: 'text' },
        ]}
        superFields={[
          { field: 'name', label: t('position.name'), type: 'string' },
          { field: 'code', label: t('position.code'), type: 'string' },
          { field: 'postRank', label: t('position.postRank'), type: 'string' },
          { field: 'createTime', label: t('user.createTime'), type: 'datetime' },
        ]}
        columns={[
          { title: t('position.code'), dataIndex: 'code', sorter: true },
          { title: t('position.name'), dataIndex: 'name', sorter: true },
          { title: t('position.postRank'), dataIndex: 'postRank' },
          { title: t('user.createTime'), dataIndex: 'createTime', sorter: true, width: 200, render: formatDateTime },
          {
            title: t('list:actions.title'),
            key: 'actions',
            width: 140,
            render: (_v, r) => (
              <RowActions
                actions={[
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'position:edit',
                    onClick: () => setEditing({ row: r }),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'position:delete',
                    danger: true,
                    onClick: () => list.confirmDelete(r.id),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {editing && (
        <EntityFormModal
          title={row ? t('position.edit') : t('position.add')}
          initial={row ? { code: row.code, name: row.name, postRank: row.postRank } : undefined}
          fields={[
            {
              name: 'code',
              label: t('position.code'),
              required: true,
              max: 30,
              disabled: Boolean(row),
              rules: [patternRule(/^[A-Za-z0-9_-]*$/, 'validation.invalid', t)],
            },
            {
              name: 'name',
              label: t('position.name'),
              required: true,
              max: 60,
              rules: [patternRule(PATTERNS.noSlash, 'validation.noSlash', t)],
            },
            { name: 'postRank', label: t('position.postRank'), max: 30 },
          ]}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => {
            const body = { code: String(v.code ?? ''), name: String(v.name ?? ''), postRank: textOrNull(v.postRank) };
            if (row) await callApi(PositionRoutes.edit, { body: { ...body, id: row.id } });
            else await callApi(PositionRoutes.add, { body });
            await list.reload();
          }}
        />
      )}
    </>
  );
}
