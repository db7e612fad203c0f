import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Divider, Drawer, Form, Input, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_PERMS, PROCESS_CONTENT_MAX, type AlarmFlag, type AlarmRecord } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { translateValidation } from '../../platform/forms/formRules';
import { isApiError } from '../../platform/http/ApiError';
import { usePermission } from '../../platform/permissions/usePermission';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { showServerFieldErrors } from '../system/formErrors';
import { AlarmSummary } from './AlarmSummary';
import { useProcessAlarm } from './api';
import { ProcessHistory } from './ProcessHistory';

interface ProcessDrawerProps {
  alarm: AlarmRecord | null;
  onClose: () => void;
  /** Called with the alarm once it was processed (lists mark the row). */
  onProcessed?: (alarm: AlarmRecord) => void;
}

interface ProcessForm {
  flag: AlarmFlag;
  content: string;
}

/** Result flags in the order offered (SPEC §4): alarm 1, non-alarm 0, ignore 3. */
const FLAG_CHOICES: readonly AlarmFlag[] = [1, 0, 3];

/**
 * Process drawer (SPEC §2; §5 record 1-500 characters; §4 result flag): the alarm's summary, its
 * process history (who and when), and — with `alarm:process` — the form: result flag and record
 * with a counter (a processed alarm may get another record, which sets its result anew); field
 * errors from the contracts' keys, client and server.
 */
export function ProcessDrawer({ alarm, onClose, onProcessed }: ProcessDrawerProps): ReactNode {
  const { t } = useTranslation('alarms');
  const { isMobile } = useResponsive();
  const { can } = usePermission();
  const [form] = Form.useForm<ProcessForm>();
  const mutation = useProcessAlarm();

  useEffect(() => {
    if (alarm) form.resetFields();
  }, [alarm, form]);

  const submit = async (values: ProcessForm): Promise<void> => {
    if (!alarm) return;
    try {
      await mutation.mutateAsync({ alarmId: alarm.id, flag: values.flag, content: values.content.trim() });
      feedback().message.success(t('process.done'));
      onProcessed?.({ ...alarm, processed: true, flag: values.flag });
      onClose();
    } catch (error) {
      if (showServerFieldErrors(form, error, t)) return;
      if (isApiError(error)) feedback().message.warning(error.message);
    }
  };

  const canProcess = can(ALARM_PERMS.process) && alarm !== null;
  return (
    <Drawer
      open={alarm !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 640}
      title={t('process.title')}
      destroyOnHidden
      data-testid="process-drawer"
    >
      {alarm && (
        <>
          <AlarmSummary alarm={alarm} />
          <Divider titlePlacement="start">{t('process.history')}</Divider>
          <ProcessHistory alarmId={alarm.id} />
          <Divider titlePlacement="start">{t('process.form')}</Divider>
          {alarm.processed && (
            <Alert type="success" showIcon title={t('process.already')} style={{ marginBottom: 12 }} />
          )}
          {!can(ALARM_PERMS.process) && <Alert type="info" showIcon title={t('process.noPermission')} />}
          {canProcess && (
            <Form
              form={form}
              layout="vertical"
              initialValues={{ flag: 1, content: '' }}
              onFinish={(v) => void submit(v)}
              data-testid="process-form"
            >
              <Form.Item
                name="flag"
                label={t('process.flag')}
                rules={[{ required: true, message: translateValidation('validation.required', t) }]}
              >
                <Radio.Group
                  optionType="button"
                  options={FLAG_CHOICES.map((f) => ({ value: f, label: t(`flag.${f}`) }))}
                  data-testid="process-flag"
                />
              </Form.Item>
              <Form.Item
                name="content"
                label={t('process.content')}
                rules={[
                  { required: true, whitespace: true, message: translateValidation('validation.required', t) },
                  { max: PROCESS_CONTENT_MAX, message: translateValidation('validation.tooLong', t) },
                ]}
              >
                <Input.TextArea
                  rows={4}
                  showCount
                  maxLength={PROCESS_CONTENT_MAX}
                  placeholder={t('process.placeholder')}
                  data-testid="process-content"
                />
              </Form.Item>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                {t('process.hint')}
              </Typography.Paragraph>
              <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="process-submit">
                {t('process.submit')}
              </Button>
            </Form>
          )}
        </>
      )}
    </Drawer>
  );
}
