import { useEffect, useState, type ReactNode } from 'react';
import { Empty, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepartBrief } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { chooseDepartment, fetchCurrentDeparts } from './api';

interface DepartmentSwitchModalProps {
  open: boolean;
  /** Departments to offer; when absent they are fetched (`AuthRoutes.currentDeparts`). */
  departs?: DepartBrief[];
  /** After sign-in the choice is required: no cancel. */
  required?: boolean;
  onDone: () => void;
  onCancel?: () => void;
}

/**
 * Department choice (after sign-in, SPEC §4 "users with several departments must choose") and the
 * department-switch dialog of the user menu (450 px, SPEC §9).
 */
export function DepartmentSwitchModal({
  open,
  departs,
  required = false,
  onDone,
  onCancel,
}: DepartmentSwitchModalProps): ReactNode {
  const { t } = useTranslation('auth');
  const [list, setList] = useState<DepartBrief[] | null>(departs ?? null);
  const [value, setValue] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || departs) return;
    let alive = true;
    setList(null);
    fetchCurrentDeparts()
      .then((r) => {
        if (!alive) return;
        setList(r.list);
        setValue(r.orgCode ?? undefined);
      })
      .catch(() => alive && setList([]));
    return () => {
      alive = false;
    };
  }, [open, departs]);

  const confirm = async (): Promise<void> => {
    const depart = list?.find((d) => d.orgCode === value);
    if (!depart) {
      feedback().message.warning(t('depart.required'));
      return;
    }
    setBusy(true);
    try {
      await chooseDepartment(depart);
      feedback().message.success(t('depart.switched', { name: depart.departName }));
      onDone();
    } catch {
      // Told by the HTTP layer; keep the dialog open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(required ? 'depart.chooseTitle' : 'depart.switchTitle')}
      onOk={() => void confirm()}
      onCancel={required ? undefined : onCancel}
      confirmLoading={busy}
      closable={!required}
      mask={{ closable: false }}
      cancelButtonProps={required ? { style: { display: 'none' } } : undefined}
      width={450}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t(required ? 'depart.description' : 'depart.switchDescription')}
      </Typography.Paragraph>
      {list === null ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t('depart.none')} />
      ) : (
        <Radio.Group value={value} onChange={(e) => setValue(e.target.value as string)}>
          <Space orientation="vertical">
            {list.map((d) => (
              <Radio key={d.orgCode} value={d.orgCode}>
                {d.departName}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
