import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback/feedback';
import { UploadPopup } from '../../../platform/widgets/upload/UploadPopup';

/** Most images one popup keeps (the last ones). */
const IMAGES_LIMIT = 9;

/**
 * "Upload images" of the file storage list: the shared image upload popup (images only, at most
 * nine, ordered with the move buttons); OK reports how many were stored and refreshes the list.
 */
export function ImagesUploadButton({ onUploaded }: { onUploaded: () => void }): ReactNode {
  const { t } = useTranslation('widgets');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} data-testid="files-upload-images">
        {t('upload.image')}
      </Button>
      <UploadPopup
        open={open}
        mode="image"
        limit={IMAGES_LIMIT}
        onCancel={() => {
          setOpen(false);
          onUploaded();
        }}
        onOk={(paths) => {
          feedback().message.success(t('upload.stored', { count: paths.length }));
          setOpen(false);
          onUploaded();
        }}
      />
    </>
  );
}
