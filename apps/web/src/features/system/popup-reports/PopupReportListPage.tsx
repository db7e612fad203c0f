import { useState, type ReactNode } from 'react';
import { Modal, Tag, Typography } from 'antd';
import { PopupReportRoutes, type PopupReportRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../platform/list/ListPage';
import { formatDateTime } from '../../../platform/list/listQuery';
import { RowActions } from '../../../platform/list/RowActions';
import { useListPage } from '../../../platform/list/useListPage';
import { PopupReportModal } from '../../../platform/pickers/PopupReportModal';
import { reportCellText, type ReportRow } from '../../../platform/pickers/popupReport';
import { PopupReportFormModal } from './PopupReportFormModal';

/**
 * Popup reports (`system/PopupReportList`; SPEC §3 popup report): list of the
 * tenant's report definitions with code, name, data source and columns; add/edit, delete and batch
 * delete (confirmed), and "preview", which runs the saved report in the popup report picker and
 * shows the row picked.
 */
export function PopupReportListPage(): ReactNode {
  const { t } = useTranslation(['popupReports', 'list']);
  const [dialog, setDialog] = useState<{ report?: PopupReportRecord } | null>(null);
  const [preview, setPreview] = useState<PopupReportRecord | null>(null);
  const list = useListPage({
    route: PopupReportRoutes.list,
    permissionPrefix: 'onlreport',
    sourceKey: '/system/popupreport',
    deleteRoute: PopupReportRoutes.delete,
    deleteBatchRoute: PopupReportRoutes.deleteBatch,
  });
  const showPicked = (report: PopupReportRecord, rows: ReportRow[]): void => {
    setPreview(null);
    Modal.info({
      title: t('preview.picked'),
      width: 520,
      content: (
        <dl data-testid="popup-report-picked" style={{ margin: 0 }}>
          {report.columns.map((c) => (
            <div key={c.field} style={{ display: 'flex', gap: 8 }}>
              <dt style={{ minWidth: 120, color: 'rgba(0,0,0,.55)' }}>{c.title}</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{reportCellText(rows[0]?.[c.field])}</dd>
            </div>
          ))}
        </dl>
      ),
    });
  };

  return (
    <>
      <ListPage<PopupReportRecord>
        testId="popup-report-list"
        list={list}
        batchDelete
        onAdd={() => setDialog({})}
        queryFields={[
          { name: 'code', label: t('fields.code'), kind: 'text' },
          { name: 'name', label: t('fields.name'), kind: 'text' },
        ]}
        columns={[
          {
            title: t('fields.code'),
            dataIndex: 'code',
            sorter: true,
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          { title: t('fields.name'), dataIndex: 'name', sorter: true, ellipsis: true },
          {
            title: t('fields.dbSource'),
            dataIndex: 'dbSource',
            width: 160,
            render: (v: string | null) =>
              v ? <Tag color="orange">{v}</Tag> : <Tag color="blue">{t('ownDatabase')}</Tag>,
          },
          {
            title: t('columns.title'),
            key: 'columns',
            ellipsis: true,
            responsive: ['md'],
            render: (_v, r) => r.columns.map((c) => c.title).join(', '),
          },
          {
            title: t('createTime'),
            dataIndex: 'createTime',
            sorter: true,
            width: 170,
            responsive: ['lg'],
            render: (v: string | null) => (v ? formatDateTime(v) : '-'),
          },
          {
            title: t('list:actions.title'),
            key: 'actions',
            fixed: 'right',
            width: 170,
            render: (_v, row) => (
              <RowActions
                actions={[
                  { key: 'preview', label: t('preview.action'), onClick: () => setPreview(row) },
                  {
                    key: 'edit',
                    label: t('list:actions.edit'),
                    permission: 'onlreport:edit',
                    onClick: () => setDialog({ report: row }),
                  },
                  {
                    key: 'delete',
                    label: t('list:actions.delete'),
                    permission: 'onlreport:delete',
                    danger: true,
                    onClick: () => list.confirmDelete(row.id),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {dialog && (
        <PopupReportFormModal
          report={dialog.report}
          onClose={() => setDialog(null)}
          onSaved={() => void list.reload()}
        />
      )}
      {preview && (
        <PopupReportModal
          code={preview.code}
          title={t('preview.title', { name: preview.name })}
          onCancel={() => setPreview(null)}
          onOk={(rows) => showPicked(preview, rows)}
        />
      )}
    </>
  );
}
