import { useState, type ReactNode } from 'react';
import { Button, Image, Space, Spin, Tooltip, Upload } from 'antd';
import { DeleteOutlined, LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../feedback/feedback';
import { useStoredFileUrl } from '../../http/storedFile';
import { imageOnly, uploadFile } from '../../pickers/ImageUpload';
import { keepLast, moveImage, pathsOf } from './imageList';

/** Props of {@link ImageListUpload}. */
export interface ImageListUploadProps {
  /** Comma-joined stored paths. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Most images kept (the last ones); 0 for no limit. */
  limit?: number;
  /** Upload folder, default temp. */
  biz?: string;
  disabled?: boolean;
  id?: string;
  testId?: string;
}

function Thumb({
  path,
  onMove,
  onRemove,
  disabled,
  testId,
}: {
  path: string;
  onMove: (dir: 'first' | 'last') => void;
  onRemove: () => void;
  disabled?: boolean;
  testId: string;
}): ReactNode {
  const { t } = useTranslation('widgets');
  const url = useStoredFileUrl(path);
  return (
    <div
      data-testid={`${testId}-item`}
      data-path={path}
      style={{ width: 104, border: '1px solid #d9d9d9', borderRadius: 8, padding: 4, textAlign: 'center' }}
    >
      <div style={{ height: 72, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {url ? (
          <Image src={url} alt={path.split('/').pop()} height={72} style={{ maxWidth: 94, objectFit: 'contain' }} />
        ) : (
          <Spin size="small" />
        )}
      </div>
      <Space size={0}>
        <Tooltip title={t('upload.moveFirst')}>
          <Button
            type="text"
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('upload.moveFirst')}
            disabled={disabled}
            onClick={() => onMove('first')}
            data-testid={`${testId}-first`}
          />
        </Tooltip>
        <Tooltip title={t('upload.moveLast')}>
          <Button
            type="text"
            size="small"
            icon={<RightOutlined />}
            aria-label={t('upload.moveLast')}
            disabled={disabled}
            onClick={() => onMove('last')}
            data-testid={`${testId}-last`}
          />
        </Tooltip>
        <Tooltip title={t('upload.remove')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('upload.remove')}
            disabled={disabled}
            onClick={onRemove}
            data-testid={`${testId}-remove`}
          />
        </Tooltip>
      </Space>
    </div>
  );
}

/**
 * Image upload (SPEC §2 widgets, §4 upload item, §5, §8): only files whose type contains 'image'
 * ('please upload an image'), several at once with at most `limit` kept (the last ones), moved
 * earlier / later ('unknown operation' for the first, 'already at the end' for the last), removed.
 */
export function ImageListUpload({
  value,
  onChange,
  limit = 0,
  biz = 'temp',
  disabled,
  id,
  testId = 'image-list-upload',
}: ImageListUploadProps): ReactNode {
  const { t } = useTranslation('widgets');
  const paths = pathsOf(value);
  const [busy, setBusy] = useState(0);
  const emit = (next: string[]): void => onChange?.(keepLast(next, limit).join(','));
  // uploads finishing one after another each add to the latest list
  const [latest] = useState<{ paths: string[] }>({ paths });
  latest.paths = paths;
  const move = (index: number, dir: 'first' | 'last'): void => {
    const moved = moveImage(paths, index, dir);
    if ('refused' in moved) feedback().message.warning(t(`upload.${moved.refused}`));
    else emit(moved.paths);
  };
  return (
    <div id={id} data-testid={testId}>
      <Space wrap align="start">
        {paths.map((path, index) => (
          <Thumb
            key={`${path}-${index}`}
            path={path}
            disabled={disabled}
            testId={testId}
            onMove={(dir) => move(index, dir)}
            onRemove={() => emit(paths.filter((_, i) => i !== index))}
          />
        ))}
        <Upload
          accept="image/*"
          multiple
          showUploadList={false}
          disabled={disabled}
          beforeUpload={imageOnly(t('upload.imageOnly'))}
          customRequest={({ file, onSuccess, onError }) => {
            setBusy((n) => n + 1);
            uploadFile(file as File, biz)
              .then((r) => {
                latest.paths = keepLast([...latest.paths, r.filePath], limit);
                onChange?.(latest.paths.join(','));
                onSuccess?.(r);
              })
              .catch((e: unknown) => {
                feedback().message.error(t('upload.failed', { file: (file as File).name }));
                onError?.(e instanceof Error ? e : new Error(String(e)));
              })
              .finally(() => setBusy((n) => n - 1));
          }}
        >
          <Button
            icon={<PlusOutlined />}
            loading={busy > 0}
            disabled={disabled}
            style={{ width: 104, height: 104 }}
            data-testid={`${testId}-add`}
          >
            {t('upload.image')}
          </Button>
        </Upload>
      </Space>
      {limit > 0 && (
        <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, marginTop: 4 }}>
          {t('upload.limit', { count: limit })}
        </div>
      )}
    </div>
  );
}
