import type { ReactNode } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { StoredFileRoutes, type StoredFileRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { dateTimeColumn } from '../../../platform/crud/crudColumns';
import { CrudListPage } from '../../../platform/crud/CrudListPage';
import { http } from '../../../platform/http/httpClient';
import { saveBlob } from '../../../platform/http/saveBlob';
import { useListPage } from '../../../platform/list/useListPage';
import { usePermission } from '../../../platform/permissions/usePermission';
import { FileUploadButton } from './FileUploadButton';
import { ImagesUploadButton } from './ImagesUploadButton';
import { formatFileSize } from './fileSize';

/** Name a file is saved under: its original name, else the last part of its stored path. */
function nameOf(file: StoredFileRecord): string {
  return file.fileName ?? file.filePath.split('/').pop() ?? file.id;
}

/** Downloads a stored file's bytes and saves them under its original name. */
async function downloadFile(file: StoredFileRecord): Promise<void> {
  const response = await http.get<Blob>(StoredFileRoutes.download.path, {
    params: { id: file.id },
    responseType: 'blob',
  });
  saveBlob(response.data, nameOf(file));
}

/**
 * File storage (`modules/FileList`; SPEC §2 modules → file storage): the
 * tenant's uploaded files with name, type, size in human units, uploader and time; download,
 * delete and batch delete (confirmed); upload of SPEC §7 (file + folder, default temp) with the
 * §4 upload states.
 */
export function FileListPage(): ReactNode {
  const { t, i18n } = useTranslation(['files', 'list']);
  const { can } = usePermission();
  const list = useListPage({
    route: StoredFileRoutes.list,
    permissionPrefix: 'file',
    sourceKey: '/modules/files',
    deleteRoute: StoredFileRoutes.delete,
    deleteBatchRoute: StoredFileRoutes.deleteBatch,
  });

  return (
    <CrudListPage<StoredFileRecord>
      testId="files-list"
      loadError={{ route: StoredFileRoutes.list, title: t('loadError'), retryText: t('retry') }}
      list={list}
      batchDelete
      extra={
        <Space wrap align="start">
          <FileUploadButton onUploaded={() => void list.reload()} />
          <ImagesUploadButton onUploaded={() => void list.reload()} />
        </Space>
      }
      queryFields={[
        { name: 'fileName', label: t('fileName'), kind: 'text' },
        { name: 'biz', label: t('biz'), kind: 'text' },
      ]}
      columns={[
        {
          title: t('fileName'),
          dataIndex: 'fileName',
          sorter: true,
          ellipsis: true,
          width: 240,
          render: (_v, row) => (
            <Tooltip title={row.filePath}>
              <span data-testid="files-name">{nameOf(row)}</span>
            </Tooltip>
          ),
        },
        {
          title: t('fileType'),
          dataIndex: 'fileType',
          sorter: true,
          width: 90,
          responsive: ['md'],
          render: (v: string) => (v ? <Tag>{v.toUpperCase()}</Tag> : '-'),
        },
        {
          title: t('fileSize'),
          dataIndex: 'fileSize',
          sorter: true,
          width: 110,
          render: (v: number | null) => formatFileSize(v, i18n.language),
        },
        {
          title: t('biz'),
          dataIndex: 'biz',
          sorter: true,
          width: 110,
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        {
          title: t('uploader'),
          dataIndex: 'createBy',
          sorter: true,
          width: 140,
          render: (v: string | null, row) => row.createByName ?? v ?? '-',
        },
        dateTimeColumn(t('createTime')),
      ]}
      actions={{
        width: 140,
        build: (row, std) => [
          {
            key: 'download',
            label: t('download'),
            permission: 'file:download',
            onClick: () => void downloadFile(row).catch(() => undefined),
          },
          std.delete,
        ],
      }}
      selectable={can('file:batch_delete')}
    />
  );
}
