import { useState, type ReactNode } from 'react';
import { DatePicker, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TenantExpiryRoutes, type TenantRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { callApi } from '../../../platform/http/callApi';

/**
 * Renew dialog of a tenant (SPEC §6 "contact the platform administrator to
 * renew"): a new end date (end of that day), with quick choices of one month, six months or one
 * year from the later of today and the current end. The server allows it in the platform tenant
 * only (`PUT /sys/tenant/renew`, permission tenant:edit).
 */
export function TenantRenewModal({
  tenant,
  onClose,
  onSaved,
}: {
  tenant: TenantRecord;
  onClose: () => void;
  onSaved: () => Promise<void> | void;
}): ReactNode {
  const { t } = useTranslation(['system', 'list']);
  const base = tenant.endDate && dayjs(tenant.endDate).isAfter(dayjs()) ? dayjs(tenant.endDate) : dayjs();
  const [end, setEnd] = useState<Dayjs | null>(base.add(1, 'year'));
  const [saving, setSaving] = useState(false);
  const save = async (): Promise<void> => {
    if (!end) return;
    setSaving(true);
    try {
      await callApi(TenantExpiryRoutes.renew, { body: { id: tenant.id, endDate: end.endOf('day').toISOString() } });
      feedback().message.success(t('tenant.renewed'));
      await onSaved();
      onClose();
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('tenant.renewTitle', { name: tenant.name })}
      onCancel={onClose}
      onOk={() => void save()}
      okButtonProps={{ disabled: !end }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('tenant.endDate')}: {tenant.endDate ? tenant.endDate.slice(0, 10) : '—'}
      </Typography.Paragraph>
      <DatePicker
        style={{ width: '100%' }}
        value={end}
        onChange={setEnd}
        disabledDate={(d) => d.isBefore(dayjs(), 'day')}
        presets={[
          { label: t('tenant.renewMonth'), value: base.add(1, 'month') },
          { label: t('tenant.renewHalfYear'), value: base.add(6, 'month') },
          { label: t('tenant.renewYear'), value: base.add(1, 'year') },
        ]}
        data-testid="tenant-renew-date"
      />
    </Modal>
  );
}
