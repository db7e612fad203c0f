import { useEffect, useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Input, Skeleton, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PUSH_TYPES, UserRoutes, type UserSettings } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { callApi } from '../../platform/http/callApi';

type Values = { defaultMonitorAccount?: string; onlyMultiLevelAlarm: boolean; alarmPushMode: (1 | 2 | 4)[] };

/** Alarm push settings of the signed-in user (default monitoring account, multi-level only, push modes). */
export function AlarmPushPanel(): ReactNode {
  const { t } = useTranslation(['account', 'system']);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const settings = useQuery({
    queryKey: ['account', 'settings'],
    queryFn: ({ signal }) => callApi(UserRoutes.settings, { signal }),
  });
  useEffect(() => {
    if (settings.data) {
      form.setFieldsValue({
        defaultMonitorAccount: settings.data.defaultMonitorAccount ?? undefined,
        onlyMultiLevelAlarm: settings.data.onlyMultiLevelAlarm,
        alarmPushMode: settings.data.alarmPushMode,
      });
    }
  }, [settings.data, form]);
  const save = async (): Promise<void> => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body: UserSettings = {
        defaultMonitorAccount: v.defaultMonitorAccount || null,
        onlyMultiLevelAlarm: v.onlyMultiLevelAlarm,
        alarmPushMode: v.alarmPushMode,
      };
      await callApi(UserRoutes.saveSettings, { body });
      feedback().message.success(t('list:saveSuccess'));
      await settings.refetch();
    } finally {
      setSaving(false);
    }
  };
  if (settings.isLoading) return <Skeleton active />;
  return (
    <Form<Values>
      form={form}
      name="alarmPush"
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ onlyMultiLevelAlarm: false, alarmPushMode: [] }}
      data-testid="account-alarm"
    >
      <Form.Item name="defaultMonitorAccount" label={t('system:user.defaultMonitorAccount')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="onlyMultiLevelAlarm" label={t('system:user.onlyMultiLevelAlarm')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="alarmPushMode" label={t('system:user.alarmPushMode')}>
        <Checkbox.Group options={PUSH_TYPES.map((p) => ({ value: p, label: t(`system:user.push.${p}`) }))} />
      </Form.Item>
      <Button type="primary" loading={saving} onClick={() => void save()}>
        {t('account.save')}
      </Button>
    </Form>
  );
}
