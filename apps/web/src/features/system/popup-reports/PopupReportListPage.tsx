import { useState, type ReactNode } from 'react';
import { Modal, Tag } from 'antd';
import { PopupReportRoutes, type PopupReportRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { codeColumn, dateTimeColumn } from '../../../platform/crud/crudColumns';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
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
      <CrudListPage<PopupReportRecord>
        testId="popup-report-list"
        list={list}
        batchDelete
        queryFields={[
          { name: 'code', label: t('fields.code'), kind: 'text' },
          { name: 'name', label: t('fields.name'), kind: 'text' },
        ]}
        columns={[
          codeColumn(t('fields.code'), 'code'),
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
          dateTimeColumn(t('createTime'), 'createTime', { responsive: ['lg'] }),
        ]}
        actions={{
          width: 170,
          build: (row, std) => [
            { key: 'preview', label: t('preview.action'), onClick: () => setPreview(row) },
            std.edit,
            std.delete,
          ],
        }}
        form={({ record, close, saved }) => <PopupReportFormModal report={record} onClose={close} onSaved={saved} />}
      />
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
