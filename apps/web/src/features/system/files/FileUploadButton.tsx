import { useState, type ReactNode } from 'react';
import { Button, Input, Space, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback/feedback';
import { uploadFile } from '../../../platform/pickers/ImageUpload';

/** Folder of an upload when none is given (SPEC §3, §7). */
export const DEFAULT_BIZ = 'temp';

/**
 * Upload of SPEC §7 for the file storage list: one or more files posted as multipart `file` +
 * `biz` (the folder, default temp) to the common upload route. Each file shows the §4 states in
 * antd's upload list — uploading, then done or error ('{name} upload failed.', the server's
 * message on hover) — and can be removed from the list; `onUploaded` runs after each success.
 */
export function FileUploadButton({ onUploaded }: { onUploaded: () => void }): ReactNode {
  const { t } = useTranslation('files');
  const [biz, setBiz] = useState(DEFAULT_BIZ);
  const [fileList, setFileList] = useState<UploadFile[]>([]);
  const uploading = fileList.some((f) => f.status === 'uploading');
  return (
    <Space wrap align="start" data-testid="files-upload" style={{ maxWidth: '100%' }}>
      <Input
        aria-label={t('biz')}
        prefix={<span style={{ opacity: 0.6 }}>{t('biz')}</span>}
        value={biz}
        maxLength={32}
        onChange={(e) => setBiz(e.target.value)}
        style={{ width: 140 }}
        data-testid="files-biz"
      />
      <Upload
        multiple
        fileList={fileList}
        onChange={({ fileList: next }) => setFileList(next)}
        customRequest={({ file, onSuccess, onError }) => {
          const name = (file as File).name;
          uploadFile(file as File, biz.trim() || DEFAULT_BIZ)
            .then((result) => {
              onSuccess?.(result);
              feedback().message.success(t('uploaded', { file: name }));
              onUploaded();
            })
            .catch((e: unknown) => {
              const message = e instanceof Error && e.message ? e.message : t('unknownError');
              feedback().message.error(t('uploadFailed', { file: name }));
              onError?.(e instanceof Error ? e : new Error(message), message);
            });
        }}
      >
        <Button type="primary" icon={<UploadOutlined />} loading={uploading} data-testid="files-upload-button">
          {t('upload')}
        </Button>
      </Upload>
    </Space>
  );
}
