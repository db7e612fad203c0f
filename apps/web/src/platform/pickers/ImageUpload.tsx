import { useState, type ReactNode } from 'react';
import { Button, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { CommonRoutes, type ApiResponse, type UploadResult } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { http } from '../http/httpClient';
import { StoredAvatar } from './StoredAvatar';

/** True for a file the image upload accepts: its type contains 'image' (SPEC §5). */
export function isImageFile(file: { type?: string }): boolean {
  return (file.type ?? '').includes('image');
}

/**
 * `beforeUpload` of the image pickers: other files are refused with `warning`, the translated
 * 'please upload an image' of SPEC §5.
 */
export function imageOnly(warning: string): (file: { type?: string }) => true | typeof Upload.LIST_IGNORE {
  return (file) => {
    if (isImageFile(file)) return true;
    feedback().message.warning(warning);
    return Upload.LIST_IGNORE;
  };
}

/** Uploads one file (SPEC §7: multipart `file` + `biz`) and returns the stored relative path. */
export async function uploadFile(file: File, biz: string): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('biz', biz);
  const response = await http.post<ApiResponse<UploadResult>>(CommonRoutes.upload.path, form);
  if (!response.data.success)
    throw new Error(response.data.message || i18next.t('system:upload.failed', { file: file.name }));
  return response.data.result;
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
      <StoredAvatar size={64} path={value} icon={<UserOutlined />} shape="square" />
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={imageOnly(t('upload.imageOnly'))}
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
