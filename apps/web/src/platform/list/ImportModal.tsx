import { useState, type ReactNode } from 'react';
import { Button, Modal, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RouteDef } from '@ztj/contracts';
import { feedback } from '../feedback/feedback';
import { saveStoredFile } from '../http/storedFile';
import { postImport } from './listApi';

interface ImportModalProps {
  open: boolean;
  route: RouteDef;
  onClose: () => void;
  /** Called after a (fully or partly) successful import, to refresh the list. */
  onImported: () => void;
}

/** Accepted import files (SPEC §5). */
export const IMPORT_ACCEPT = '.xls,.xlsx';

/**
 * Import dialog (SPEC §7, §8): several .xls/.xlsx files posted together as `files[]`. Success
 * shows the message, closes and refreshes; failure warns; code 201 warns with a link to the error file
 * (fetched with the session headers: stored files are served to the owning tenant only).
 */
export function ImportModal({ open, route, onClose, onImported }: ImportModalProps): ReactNode {
  const { t } = useTranslation('list');
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    const raw = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => f !== undefined);
    if (raw.length === 0) {
      feedback().message.warning(t('import.noFile'));
      return;
    }
    setBusy(true);
    const outcome = await postImport(route, raw);
    setBusy(false);
    const { message, notification } = feedback();
    if (outcome.kind === 'success') {
      message.success(outcome.message || t('import.success'));
      setFiles([]);
      onClose();
      onImported();
    } else if (outcome.kind === 'partial') {
      notification.warning({
        message: t('import.partialTitle'),
        description: (
          <span data-testid="import-partial">
            {outcome.message}{' '}
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() =>
                void saveStoredFile(outcome.fileUrl, outcome.fileName).catch(() =>
                  feedback().message.warning(t('export.failed')),
                )
              }
            >
              {t('import.downloadErrors')}
            </Button>
          </span>
        ),
        duration: 0,
      });
      setFiles([]);
      onClose();
      onImported();
    } else {
      message.warning(outcome.message || t('import.uploadFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('import.start')}
    >
      <Upload
        multiple
        accept={IMPORT_ACCEPT}
        fileList={files}
        beforeUpload={(file) => {
          const ok = /\.xlsx?$/i.test(file.name);
          if (!ok) feedback().message.warning(t('import.badType', { file: file.name }));
          return ok ? false : Upload.LIST_IGNORE;
        }}
        onChange={({ fileList }) => setFiles(fileList)}
      >
        <Button icon={<UploadOutlined />}>{t('import.choose')}</Button>
      </Upload>
    </Modal>
  );
}
