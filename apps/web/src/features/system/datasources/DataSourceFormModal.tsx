import { useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Select } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import {
  DATA_SOURCE_TYPES,
  DataSourceRoutes,
  type DataSourceRecord,
  type DataSourceTestResult,
  type DataSourceType,
} from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormModal } from '../../../platform/crud/CrudFormModal';
import { CodeNameItems } from '../CodeNameItems';
import { showFieldErrors } from '../../../platform/forms/formIssues';
import { useFormModalSave } from '../../../platform/forms/useFormModalSave';
import { callApi } from '../../../platform/http/callApi';
import { usePermission } from '../../../platform/permissions/usePermission';
import {
  CONNECTION_FIELDS,
  connectionTestBody,
  initialDataSourceValues,
  portAfterTypeChange,
  validateDataSource,
  type DataSourceFormValues,
} from './dataSourceForm';

/**
 * Add / edit dialog of a data source: code, name, type (the port follows the type's default),
 * host, port, database, user and password — left empty on edit to keep the stored one, never
 * filled from the server — and "test connection" (administrators), which tests what the form
 * holds and shows the server's answer.
 */
export function DataSourceFormModal({
  source,
  onClose,
  onSaved,
}: {
  source?: DataSourceRecord;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { t } = useTranslation(['datasources', 'list', 'common']);
  const { can } = usePermission();
  const [form] = Form.useForm<DataSourceFormValues>();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<DataSourceTestResult | null>(null);
  const required = { required: true, message: t('common:validation.required') };

  const { saving, save } = useFormModalSave({
    form,
    t,
    onSaved,
    onClose,
    check: (values) => validateDataSource(values, t),
    send: (body) =>
      source
        ? callApi(DataSourceRoutes.edit, { body: { ...body, id: source.id } })
        : callApi(DataSourceRoutes.add, { body }),
  });

  const test = async (): Promise<void> => {
    setResult(null);
    await form.validateFields([...CONNECTION_FIELDS]);
    const checked = connectionTestBody(form.getFieldsValue(true) as DataSourceFormValues, source?.id, t);
    if ('errors' in checked) {
      showFieldErrors(form, checked.errors);
      return;
    }
    setTesting(true);
    try {
      setResult(await callApi(DataSourceRoutes.testConnection, { body: checked.body }));
    } finally {
      setTesting(false);
    }
  };

  const changeType = (to: DataSourceType): void => {
    const from = (form.getFieldValue('dbType') as DataSourceType | undefined) ?? 'postgresql';
    form.setFieldValue('port', portAfterTypeChange(form.getFieldValue('port') as number | null, from, to));
  };

  return (
    <CrudFormModal<DataSourceFormValues>
      editing={!!source}
      titles={{ add: t('add'), edit: t('edit') }}
      form={form}
      name="dataSource"
      initialValues={initialDataSourceValues(source)}
      save={save}
      saving={saving}
      onCancel={onClose}
      width={640}
      onValuesChange={(changed: Partial<DataSourceFormValues>) => {
        if (Object.keys(changed).some((k) => (CONNECTION_FIELDS as readonly string[]).includes(k))) setResult(null);
      }}
    >
      <Flex wrap gap="0 16px">
        <CodeNameItems t={t} testId="datasource" nameMax={64} />
      </Flex>
      <Form.Item name="dbType" label={t('fields.dbType')} rules={[required]}>
        <Select
          options={DATA_SOURCE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          onSelect={(v: DataSourceType) => changeType(v)}
          data-testid="datasource-type"
        />
      </Form.Item>
      <Flex wrap gap="0 16px">
        <Form.Item name="host" label={t('fields.host')} rules={[required]} style={{ flex: '3 1 220px' }}>
          <Input maxLength={255} placeholder="db.example.com" data-testid="datasource-host" />
        </Form.Item>
        <Form.Item name="port" label={t('fields.port')} rules={[required]} style={{ flex: '1 1 110px' }}>
          <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} data-testid="datasource-port" />
        </Form.Item>
      </Flex>
      <Form.Item name="dbName" label={t('fields.dbName')} rules={[required]}>
        <Input maxLength={128} data-testid="datasource-db" />
      </Form.Item>
      <Flex wrap gap="0 16px">
        <Form.Item name="dbUsername" label={t('fields.dbUsername')} rules={[required]} style={{ flex: '1 1 200px' }}>
          <Input maxLength={128} autoComplete="off" data-testid="datasource-user" />
        </Form.Item>
        <Form.Item
          name="dbPassword"
          label={t('fields.dbPassword')}
          extra={source ? (source.hasPassword ? t('hints.passwordKeep') : t('hints.passwordNone')) : undefined}
          style={{ flex: '1 1 200px' }}
        >
          <Input.Password
            maxLength={256}
            autoComplete="new-password"
            placeholder={source?.hasPassword ? t('hints.passwordStored') : undefined}
            data-testid="datasource-password"
          />
        </Form.Item>
      </Flex>
      <Form.Item name="remark" label={t('fields.remark')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
      </Form.Item>
      {can('datasource:test') && (
        <Flex vertical gap={8}>
          <Button
            icon={<ApiOutlined />}
            loading={testing}
            onClick={() => void test().catch(() => undefined)}
            style={{ alignSelf: 'flex-start' }}
            data-testid="datasource-test"
          >
            {testing ? t('testing') : t('test')}
          </Button>
          {result && (
            <Alert
              type={result.ok ? 'success' : 'error'}
              showIcon
              message={result.message}
              description={t('elapsed', { ms: result.elapsedMs })}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="datasource-test-result"
            />
          )}
        </Flex>
      )}
    </CrudFormModal>
  );
}
