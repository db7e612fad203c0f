import { useState, type ReactNode } from 'react';
import { Avatar, Button, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { API_BASE, CommonRoutes, type ApiResponse, type UploadResult } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { http } from '../http/httpClient';
import { fileHref } from '../list/listApi';

/** True for a file the image upload accepts: its type contains 'image' (SPEC §5). */
export function isImageFile(file: { type?: string }): boolean {
  return (file.type ?? '').includes('image');
}

/** Uploads one file (SPEC §7: multipart `file` + `biz`) and returns the stored relative path. */
export async function uploadFile(file: File, biz: string): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('biz', biz);
  const response = await http.post<ApiResponse<UploadResult>>(CommonRoutes.upload.path, form);
  if (!response.data.success) throw new Error(response.data.message || i18next.t('system:upload.failed', { file: file.name }));
  return response.data.result;
}

/** Address of a stored file (`filePath` relative to the static route, or an absolute URL). */
export function staticHref(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^https?:\/\//.test(path) || path.startsWith(API_BASE)) return path;
  return fileHref(path.startsWith('/sys/') ? path : `/sys/common/static/${path.replace(/^\//, '')}`);
}

interface ImageUploadProps {
  /** Stored path of the image. */
  value?: string | null;
  onChange?: (value: string) => void;
  biz?: string;
  id?: string;
}

/** Single image upload (SPEC §2 widgets): images only ('please upload an image'), keeps the latest. */
export function ImageUpload({ value, onChange, biz = 'avatar', id }: ImageUploadProps): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const [busy, setBusy] = useState(false);
  return (
    <Space id={id}>
      <Avatar size={64} src={staticHref(value)} icon={<UserOutlined />} shape="square" />
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={(file) => {
          if (!isImageFile(file)) {
            feedback().message.warning(t('upload.imageOnly'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setBusy(true);
          uploadFile(file as File, biz)
            .then((r) => {
              onChange?.(r.filePath);
              onSuccess?.(r);
            })
            .catch((e: unknown) => {
              feedback().message.error(t('upload.failed', { file: (file as File).name }));
              onError?.(e instanceof Error ? e : new Error(String(e)));
            })
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('upload.choose')}
        </Button>
      </Upload>
    </Space>
  );
}
