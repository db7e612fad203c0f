import { useState, type ReactNode } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenantDisplayName, type TenantBrief } from '@ztj/contracts';
import { storeTenantId } from '../../platform/session/sessionStore';
import { chooseTenant } from './api';

interface TenantChoiceModalProps {
  open: boolean;
  tenants: TenantBrief[];
  /**
   * Preselected: the tenant the server chose for the session (the last one used; at a first
   * sign-in the one holding the user's devices), when offered. Keeping it makes no switch call.
   */
  initial?: number;
  /** Called with the tenant once the session switched to it. */
  onChosen: (tenantId: number) => void;
}

/**
 * Tenant choice after sign-in (SPEC §2 "tenant selection after login"). Preselects the session's
 * tenant — the one last used, or for a new account the one its data lives in —
 * else the first offered.
 */
export function TenantChoiceModal({ open, tenants, initial, onChosen }: TenantChoiceModalProps): ReactNode {
  const { t, i18n } = useTranslation('auth');
  const [value, setValue] = useState<number | undefined>(
    tenants.some((x) => x.id === initial) ? initial : tenants[0]?.id,
  );
  const [busy, setBusy] = useState(false);
  const selected = value ?? tenants[0]?.id;

  const confirm = async (): Promise<void> => {
    if (selected === undefined) return;
    setBusy(true);
    try {
      // the session already is in the preselected tenant (the server chose it at sign-in): no call
      if (selected === initial) storeTenantId(selected);
      else await chooseTenant(selected);
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
              {tenantDisplayName(tenant, i18n.language)}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
