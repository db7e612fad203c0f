import { useState, type ReactNode } from 'react';
import { Alert, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrandingSchema, type Branding, type BrandingResult } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { useSaveBranding } from './api';
import styles from './yakult.module.css';

/** Edits the tenant's branding of the monitoring screen (tenant administrators). */
export function BrandingModal({ initial, onClose }: { initial: BrandingResult; onClose: () => void }): ReactNode {
  const { t } = useTranslation('yakult');
  const save = useSaveBranding();
  const [v, setV] = useState<Branding>({
    nameZh: initial.nameZh,
    nameEn: initial.nameEn,
    logo: initial.logo,
    primaryColor: initial.primaryColor,
    backgroundColor: initial.backgroundColor,
  });
  const [invalid, setInvalid] = useState(false);
  const text = (k: 'nameZh' | 'nameEn' | 'logo') => (e: { target: { value: string } }) =>
    setV((o) => ({ ...o, [k]: e.target.value }));
  const submit = async (): Promise<void> => {
    const parsed = BrandingSchema.safeParse(v);
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    await save.mutateAsync(parsed.data);
    feedback().message.success(t('branding.saved'));
    onClose();
  };
  return (
    <Modal
      open
      title={t('branding.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okText={t('branding.save')}
      modalRender={(node) => <div data-testid="branding-modal">{node}</div>}
    >
      {invalid && <Alert type="error" showIcon title={t('branding.invalid')} className={styles.formRow} />}
      <label className={styles.formRow}>
        <span>{t('branding.nameZh')}</span>
        <Input value={v.nameZh} maxLength={40} onChange={text('nameZh')} data-testid="branding-name-zh" />
      </label>
      <label className={styles.formRow}>
        <span>{t('branding.nameEn')}</span>
        <Input value={v.nameEn} maxLength={60} onChange={text('nameEn')} data-testid="branding-name-en" />
      </label>
      <label className={styles.formRow}>
        <span>{t('branding.logo')}</span>
        <Input value={v.logo} maxLength={500} placeholder="https://…" onChange={text('logo')} />
      </label>
      <div className={styles.colors}>
        <label>
          <span>{t('branding.primary')}</span>
          <Input
            type="color"
            className={styles.color}
            value={v.primaryColor}
            onChange={(e) => setV((o) => ({ ...o, primaryColor: e.target.value }))}
            suffix={v.primaryColor}
          />
        </label>
        <label>
          <span>{t('branding.background')}</span>
          <Input
            type="color"
            className={styles.color}
            value={v.backgroundColor}
            onChange={(e) => setV((o) => ({ ...o, backgroundColor: e.target.value }))}
            suffix={v.backgroundColor}
          />
        </label>
      </div>
    </Modal>
  );
}
