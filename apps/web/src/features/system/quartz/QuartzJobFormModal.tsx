import type { ReactNode } from 'react';
import { Form, Input, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { QuartzRoutes, type QuartzJobRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { CronInput } from '../../../platform/cron/CronInput';
import { CronPreview } from '../../../platform/cron/CronPreview';
import { CrudFormModal } from '../../../platform/crud/CrudFormModal';
import { useRecordSave } from '../../../platform/crud/useRecordSave';
import { callApi } from '../../../platform/http/callApi';
import { showServerFieldErrors } from '../formErrors';

interface Values {
  jobClassName: string;
  cronExpression: string;
  parameter?: string;
  description?: string;
}

/** Job classes of the product (select options), cached for the session. */
export function useJobClasses(): {
  name: string;
  label: { 'zh-CN': string; 'en-US': string };
  parameterHint: string | null;
}[] {
  const q = useQuery({
    queryKey: ['quartz', 'jobClasses'],
    queryFn: () => callApi(QuartzRoutes.jobClasses),
    staleTime: Infinity,
  });
  return q.data ?? [];
}

/** Add / edit dialog of a scheduled job: job class, cron (builder), parameter, description. */
export function QuartzJobFormModal({
  job,
  onClose,
  onSaved,
}: {
  job?: QuartzJobRecord;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { t, i18n } = useTranslation(['quartz', 'list', 'common']);
  const [form] = Form.useForm<Values>();
  const classes = useJobClasses();
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const chosen = Form.useWatch('jobClassName', form);
  const cron = Form.useWatch('cronExpression', form) ?? '';
  const hint = classes.find((c) => c.name === chosen)?.parameterHint;
  const required = { required: true, message: t('common:validation.required') };
  const { saving, save } = useRecordSave<Values>({
    form,
    t,
    onSaved,
    onClose,
    send: (v) => {
      const body = {
        jobClassName: v.jobClassName,
        cronExpression: v.cronExpression.trim(),
        parameter: v.parameter || null,
        description: v.description || null,
      };
      return job ? callApi(QuartzRoutes.edit, { body: { ...body, id: job.id } }) : callApi(QuartzRoutes.add, { body });
    },
    showFieldErrors: (error) => showServerFieldErrors(form, error, t),
  });
  return (
    <CrudFormModal<Values>
      editing={!!job}
      titles={{ add: t('add'), edit: t('edit') }}
      form={form}
      name="quartz"
      save={save}
      saving={saving}
      onCancel={onClose}
      width={640}
      initialValues={
        job
          ? {
              jobClassName: job.jobClassName,
              cronExpression: job.cronExpression,
              parameter: job.parameter ?? undefined,
              description: job.description ?? undefined,
            }
          : { cronExpression: '0 0 0 * * ? *' }
      }
    >
      <Form.Item name="jobClassName" label={t('jobClassName')} rules={[required]}>
        <Select
          showSearch
          optionFilterProp="label"
          data-testid="quartz-class"
          options={classes.map((c) => ({ value: c.name, label: `${c.label[lang]} (${c.name})` }))}
        />
      </Form.Item>
      <Form.Item name="cronExpression" label={t('cronExpression')} rules={[required]}>
        <CronInput />
      </Form.Item>
      {cron && (
        <div style={{ margin: '-12px 0 12px' }}>
          <CronPreview expression={cron} />
        </div>
      )}
      <Form.Item
        name="parameter"
        label={t('parameter')}
        extra={
          hint ? (
            <Typography.Text type="secondary" copyable>
              {hint}
            </Typography.Text>
          ) : undefined
        }
      >
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </CrudFormModal>
  );
}
