import { useState, type ReactNode } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TenantBrief } from '@ztj/contracts';
import { chooseTenant } from './api';

interface TenantChoiceModalProps {
  open: boolean;
  tenants: TenantBrief[];
  /** Called with the tenant once the session switched to it. */
  onChosen: (tenantId: number) => void;
}

/** Tenant choice after sign-in (SPEC §2 "tenant selection after login"); the first is preselected. */
export function TenantChoiceModal({ open, tenants, onChosen }: TenantChoiceModalProps): ReactNode {
  const { t } = useTranslation('auth');
  const [value, setValue] = useState<number | undefined>(tenants[0]?.id);
  const [busy, setBusy] = useState(false);
  const selected = value ?? tenants[0]?.id;

  const confirm = async (): Promise<void> => {
    if (selected === undefined) return;
    setBusy(true);
    try {
      await chooseTenant(selected);
      onChosen(selected);
    } catch {
      // The HTTP layer told the user; the modal stays open for another choice.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('tenant.title')}
      okText={t('tenant.confirm')}
      onOk={() => void confirm()}
      confirmLoading={busy}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={450}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('tenant.description')}</Typography.Paragraph>
      <Radio.Group value={selected} onChange={(e) => setValue(e.target.value as number)} data-testid="tenant-choice">
        <Space orientation="vertical">
          {tenants.map((tenant) => (
            <Radio key={tenant.id} value={tenant.id}>
              {tenant.name}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
