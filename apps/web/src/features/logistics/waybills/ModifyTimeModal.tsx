import { useEffect, type ReactNode } from 'react';
import { DatePicker, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { WaybillTimeSchema, type WaybillRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { issuesToFields, showFieldErrors } from '../../../platform/forms/formIssues';
import { useModifyTime } from './api';
import { errorText } from './useWaybillActions';

/** Changes the estimated start and end of a waybill (`modifyTime`; SPEC §5 end after start). */
export function ModifyTimeModal({
  waybill,
  open,
  onClose,
}: {
  waybill: WaybillRecord;
  open: boolean;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation(['waybills', 'common']);
  const [form] = Form.useForm<{ plannedStart: Dayjs | null; plannedEnd: Dayjs | null }>();
  const modify = useModifyTime();
  useEffect(() => {
    if (open) form.setFieldsValue({ plannedStart: dayjs(waybill.plannedStart), plannedEnd: dayjs(waybill.plannedEnd) });
  }, [open, waybill, form]);
  const submit = async (): Promise<void> => {
    const v = form.getFieldsValue();
    const body = { id: waybill.id, plannedStart: v.plannedStart?.valueOf(), plannedEnd: v.plannedEnd?.valueOf() };
    const parsed = WaybillTimeSchema.safeParse(body);
    if (!parsed.success) {
      showFieldErrors(form, issuesToFields(parsed.error.issues, t));
      return;
    }
    try {
      await modify.mutateAsync(parsed.data);
      feedback().message.success(t('detail.timeSaved'));
      onClose();
    } catch (e) {
      feedback().message.error(errorText(e));
    }
  };
  return (
    <Modal
      open={open}
      title={t('actions.modifyTime')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={modify.isPending}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="plannedStart" label={t('fields.plannedStart')} required>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="plannedEnd" label={t('fields.plannedEnd')} required>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
