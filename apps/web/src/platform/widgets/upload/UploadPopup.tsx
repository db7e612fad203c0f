import { useState, type ReactNode } from 'react';
import { Modal, Upload, type UploadFile } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../feedback/feedback';
import { uploadFile } from '../../pickers/ImageUpload';
import { ImageListUpload } from './ImageListUpload';
import { keepLast, pathsOf } from './imageList';

/** Props of {@link UploadPopup}. */
export interface UploadPopupProps {
  open: boolean;
  /** file (default) or image (images only, with the image list's moves). */
  mode?: 'file' | 'image';
  /** Upload folder, default temp. */
  biz?: string;
  /** Most files kept (the last ones); 0 for no limit. */
  limit?: number;
  /** Called with the stored paths of the uploaded files. */
  onOk: (paths: string[]) => void;
  onCancel: () => void;
}

/**
 * File / image upload popup (SPEC §2 widgets, §4 upload items, §5): files upload as they are
 * dropped, each showing uploading, done or error ('{name} upload failed.'), and can be removed;
 * OK hands over the uploaded paths, or warns 'no file uploaded' when there is none.
 */
export function UploadPopup({
  open,
  mode = 'file',
  biz = 'temp',
  limit = 0,
  onOk,
  onCancel,
}: UploadPopupProps): ReactNode {
  const { t } = useTranslation('widgets');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [images, setImages] = useState('');
  const done =
    mode === 'image' ? pathsOf(images) : files.filter((f) => f.status === 'done').map((f) => String(f.response));
  const busy = files.some((f) => f.status === 'uploading');
  return (
    <Modal
      open={open}
      destroyOnHidden
      title={mode === 'image' ? t('upload.popupImageTitle') : t('upload.popupTitle')}
      okButtonProps={{ disabled: busy, ...({ 'data-testid': 'upload-popup-ok' } as object) }}
      onCancel={onCancel}
      onOk={() => {
        if (done.length === 0) {
          feedback().message.warning(t('upload.noFile'));
          return;
        }
        onOk(done);
      }}
      afterClose={() => {
        setFiles([]);
        setImages('');
      }}
    >
      <div data-testid="upload-popup">
        {mode === 'image' ? (
          <ImageListUpload value={images} onChange={setImages} limit={limit} biz={biz} testId="upload-popup-images" />
        ) : (
          <Upload.Dragger
            multiple
            fileList={files}
            onChange={({ fileList }) => setFiles(keepLast(fileList, limit))}
            customRequest={({ file, onSuccess, onError }) => {
              uploadFile(file as File, biz)
                .then((r) => onSuccess?.(r.filePath))
                .catch((e: unknown) => {
                  feedback().message.error(t('upload.failed', { file: (file as File).name }));
                  onError?.(e instanceof Error ? e : new Error(String(e)));
                });
            }}
            data-testid="upload-popup-files"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('upload.drop')}</p>
            {limit > 0 && <p className="ant-upload-hint">{t('upload.limit', { count: limit })}</p>}
          </Upload.Dragger>
        )}
      </div>
    </Modal>
  );
}
