import { useEffect, type ReactNode } from 'react';
import { Empty, Progress, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  DownloadCenterRoutes,
  EXPORT_FILE_TYPES,
  EXPORT_STATUSES,
  type ExportFile,
  type ExportStatus,
} from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { callApi } from '../../platform/http/callApi';
import { toLanguage } from '../../platform/i18n/i18n';
import { downloadExportFile } from '../../platform/exports/exportFlow';
import { ListPage } from '../../platform/list/ListPage';
import { formatDateTime } from '../../platform/list/listQuery';
import { RowActions } from '../../platform/list/RowActions';
import { useListPage } from '../../platform/list/useListPage';
import { useResponsive } from '../../platform/responsive/useResponsive';

const STATUS_COLOURS: Readonly<Record<ExportStatus, string>> = {
  generating: 'processing',
  success: 'green',
  failure: 'red',
};

/** Size in B / KB / MB. */
function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Download center (`account/DownloadCenter`, /account/downcenter; SPEC §2, §3, §4):
 * the caller's export files, newest first — number, file type, request time, description, status
 * with a progress bar while generating, result, download and delete. Refreshes itself while a
 * file is being generated.
 */
export function DownloadCenterPage(): ReactNode {
  const { t, i18n } = useTranslation('account');
  const lang = toLanguage(i18n.language);
  const { isMobile } = useResponsive();
  const list = useListPage({
    route: DownloadCenterRoutes.list,
    permissionPrefix: 'downcenter',
    sourceKey: '/account/downcenter',
    defaultSort: { column: 'createTime', order: 'desc' },
  });
  const generating = list.rows.some((r) => r.status === 'generating');
  const { reload } = list;
  useEffect(() => {
    if (!generating) return;
    const timer = setInterval(() => void reload(), 2000);
    return () => clearInterval(timer);
  }, [generating, reload]);

  const remove = (file: ExportFile): void => {
    feedback().modal.confirm({
      title: t('downloads.deleteConfirm'),
      content: file.fileName,
      onOk: async () => {
        await callApi(DownloadCenterRoutes.delete, { query: { ids: file.id } });
        feedback().message.success(t('downloads.deleted'));
        list.afterDelete(1);
      },
    });
  };

  const statusOf = (r: ExportFile): ReactNode =>
    r.status === 'generating' ? (
      <Progress percent={r.progress} size="small" status="active" data-testid={`export-progress-${r.id}`} />
    ) : (
      <Tag color={STATUS_COLOURS[r.status]} data-testid={`export-status-${r.id}`}>
        {t(`downloads.statuses.${r.status}`)}
      </Tag>
    );
  // 1280 px shows every column without sideways scrolling: fixed widths, the file and
  // its description take the rest and end in an ellipsis (the whole text in a tooltip).
  // Tablets drop the result, phones show the file (with its status under it) and the actions.
  const columns: ColumnsType<ExportFile> = [
    { title: t('downloads.number'), dataIndex: 'number', key: 'number', width: 56, responsive: ['lg'] },
    {
      title: t('downloads.fileType'),
      dataIndex: 'fileType',
      key: 'fileType',
      width: 148,
      ellipsis: true,
      responsive: ['md'],
      render: (v: ExportFile['fileType']) => EXPORT_FILE_TYPES[v].name[lang],
    },
    {
      title: t('downloads.description'),
      dataIndex: 'description',
      key: 'description',
      ellipsis: isMobile ? false : { showTitle: false },
      render: (v: string, r) =>
        isMobile ? (
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong style={{ wordBreak: 'break-all' }}>
              {r.fileName}
            </Typography.Text>
            <div style={{ color: 'rgba(0,0,0,0.55)', wordBreak: 'break-word' }}>{v}</div>
            <div style={{ marginTop: 4 }}>{statusOf(r)}</div>
          </div>
        ) : (
          <Tooltip
            title={
              <>
                <div>{r.fileName}</div>
                <div>{v}</div>
              </>
            }
            placement="topLeft"
          >
            <div data-testid={`export-description-${r.id}`}>
              <Typography.Text strong ellipsis style={{ display: 'block' }}>
                {r.fileName}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
                {v}
              </Typography.Text>
            </div>
          </Tooltip>
        ),
    },
    {
      title: t('downloads.requestTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      width: 170,
      sorter: true,
      responsive: ['md'],
      render: (v: number) => formatDateTime(new Date(v).toISOString()),
    },
    {
      title: t('downloads.status'),
      dataIndex: 'status',
      key: 'status',
      width: 116,
      responsive: ['sm'],
      render: (_: unknown, r) => statusOf(r),
    },
    {
      title: t('downloads.result'),
      dataIndex: 'result',
      key: 'result',
      width: 96,
      ellipsis: { showTitle: false },
      responsive: ['lg'],
      render: (v: string | null, r) =>
        r.status === 'success' ? (
          <Tooltip title={t('downloads.expires', { time: formatDateTime(new Date(r.expiresAt).toISOString()) })}>
            {formatSize(r.size)}
          </Tooltip>
        ) : v ? (
          <Tooltip title={v} placement="topLeft">
            {v}
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t('downloads.actions'),
      key: 'actions',
      width: isMobile ? 124 : 160,
      render: (_: unknown, r) => (
        <RowActions
          actions={[
            {
              key: 'download',
              label: t('downloads.download'),
              hidden: r.status !== 'success',
              onClick: () => void downloadExportFile(r),
            },
            {
              key: 'delete',
              label: t('downloads.delete'),
              danger: true,
              hidden: r.status === 'generating',
              onClick: () => remove(r),
            },
          ]}
        />
      ),
    },
  ];
  return (
    <ListPage<ExportFile>
      testId="download-center"
      list={list}
      selectable={false}
      queryFields={[
        { name: 'fileName', label: t('downloads.fileName'), kind: 'text' },
        {
          name: 'status',
          label: t('downloads.status'),
          kind: 'select',
          options: EXPORT_STATUSES.map((s) => ({ value: s, label: t(`downloads.statuses.${s}`) })),
        },
      ]}
      columns={columns}
      // the columns fit the page (no sideways scrolling): the table is as wide as its card
      tableProps={{
        scroll: undefined,
        tableLayout: isMobile ? undefined : 'fixed',
        locale: { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('downloads.empty')} /> },
      }}
    />
  );
}
