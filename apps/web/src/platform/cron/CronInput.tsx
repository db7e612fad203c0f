import { useState, type ReactNode } from 'react';
import { Button, Input, Space } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { FormItemInputContext } from 'antd/es/form/context';
import { useTranslation } from 'react-i18next';
import { CronBuilderModal } from './CronBuilderModal';

/**
 * A form control for a Quartz cron expression: the text (typed freely) and a button opening the
 * {@link CronBuilderModal} with it. antd Form-compatible (`value`, `onChange`).
 */
export function CronInput({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}): ReactNode {
  const { t } = useTranslation('quartz');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder="0 0 0 * * ? *"
          data-testid="cron-input"
        />
        <Button icon={<ScheduleOutlined />} onClick={() => setOpen(true)} data-testid="cron-open">
          {t('cron.open')}
        </Button>
      </Space.Compact>
      {/* the dialog is not part of the surrounding form field (no shared radio names, no error status) */}
      {open && (
        <FormItemInputContext.Provider value={{}}>
          <CronBuilderModal
            value={value}
            onCancel={() => setOpen(false)}
            onOk={(expr) => {
              onChange?.(expr);
              setOpen(false);
            }}
          />
        </FormItemInputContext.Provider>
      )}
    </>
  );
}
