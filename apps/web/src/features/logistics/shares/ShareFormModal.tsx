import { useEffect, type ReactNode } from 'react';
import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ShareRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { clearFieldErrors, reportSaveError } from '../../../platform/forms/formIssues';
import { DevicePickerField } from '../../alarm-settings/DevicePickerField';
import { useSaveShare } from './api';
import { SHARE_TIME_FORMAT } from './shareFormat';

interface FormValues {
  account: string;
  deviceIds: string;
  expireTime: Dayjs | null;
  note: string;
}

/**
 * Add a share (receiver account by user name or phone, devices, optional expiry, note) or edit
 * one (expiry and note). The server checks everything; its field errors show beside the fields
 * (unknown account, oneself, devices, expiry in the past).
 */
export function ShareFormModal({
  share,
  onClose,
}: {
  share: ShareRecord | 'new' | null;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('shares');
  const [form] = Form.useForm<FormValues>();
  const save = useSaveShare();
  const editing = share && share !== 'new' ? share : null;

  useEffect(() => {
    if (!share) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            account: editing.receiverUsername,
            deviceIds: '',
            expireTime: editing.expireTime === null ? null : dayjs(editing.expireTime),
            note: editing.note,
          }
        : { account: '', deviceIds: '', expireTime: null, note: '' },
    );
  }, [share, editing, form]);

  const submit = async (): Promise<void> => {
    clearFieldErrors(form);
    const v = form.getFieldsValue(true) as FormValues;
    const body = {
      account: (v.account ?? '').trim(),
      deviceIds: (v.deviceIds ?? '').split(',').filter(Boolean),
      expireTime: v.expireTime ? v.expireTime.valueOf() : null,
      note: v.note ?? '',
    };
    try {
      await save.mutateAsync(editing ? { ...body, id: editing.id } : body);
      feedback().message.success(t('saved'));
      onClose();
    } catch (error) {
      reportSaveError(form, error, t);
    }
  };

  return (
    <Modal
      open={share !== null}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': 'share-save' } as never}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" data-testid="share-form">
        <Form.Item
          name="account"
          label={t('fields.account')}
          required
          extra={editing ? undefined : t('form.accountHint')}
        >
          <Input disabled={Boolean(editing)} maxLength={64} autoComplete="off" data-testid="share-account" />
        </Form.Item>
        {!editing && (
          <Form.Item name="deviceIds" label={t('fields.devices')} required>
            <DevicePickerField />
          </Form.Item>
        )}
        <Form.Item name="expireTime" label={t('fields.expireTime')} extra={t('form.expireHint')}>
          <DatePicker
            showTime
            format={SHARE_TIME_FORMAT}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            data-testid="share-expire"
          />
        </Form.Item>
        <Form.Item name="note" label={t('fields.note')}>
          <Input.TextArea maxLength={200} rows={2} data-testid="share-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
