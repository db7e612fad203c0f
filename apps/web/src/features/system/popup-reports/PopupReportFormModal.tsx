import type { ReactNode } from 'react';
import { Button, Checkbox, Col, Divider, Flex, Form, Input, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DataSourceRoutes, PopupReportRoutes, REPORT_COLUMN_TYPES, type PopupReportRecord } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormModal } from '../../../platform/crud/CrudFormModal';
import { CodeNameItems } from '../CodeNameItems';
import { useFormModalSave } from '../../../platform/forms/useFormModalSave';
import { callApi } from '../../../platform/http/callApi';
import { usePermission } from '../../../platform/permissions/usePermission';
import {
  emptyColumn,
  initialReportValues,
  missingParamRows,
  OWN_DATABASE,
  validateReport,
  type PopupReportFormValues,
} from './popupReportForm';

/**
 * Add / edit dialog of a popup report: code, name, data source (the product's own database or a
 * data source of the tenant), the query with `${name}` parameters (bound as values on the server),
 * its parameters (name, title, default; "add the query's parameters" fills the missing ones) and
 * its columns (field, title, type, dictionary code, hidden, query field).
 */
export function PopupReportFormModal({
  report,
  onClose,
  onSaved,
}: {
  report?: PopupReportRecord;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { t } = useTranslation(['popupReports', 'list', 'common']);
  const { can } = usePermission();
  const [form] = Form.useForm<PopupReportFormValues>();
  const required = { required: true, message: t('common:validation.required') };
  const sources = useQuery({
    queryKey: ['popupReport', 'sources'],
    enabled: can('datasource:list'),
    queryFn: () => callApi(DataSourceRoutes.list, { query: { pageNo: '1', pageSize: '100' }, silent: true }),
  });
  const { saving, save } = useFormModalSave({
    form,
    t,
    onSaved,
    onClose,
    check: (values) => validateReport({ ...(form.getFieldsValue(true) as PopupReportFormValues), ...values }, t),
    send: (body) =>
      report
        ? callApi(PopupReportRoutes.edit, { body: { ...body, id: report.id } })
        : callApi(PopupReportRoutes.add, { body }),
  });
  const addQueryParams = (): void => {
    const values = form.getFieldsValue(true) as PopupReportFormValues;
    form.setFieldValue('params', [...(values.params ?? []), ...missingParamRows(values)]);
  };
  const sourceOptions = [
    { value: OWN_DATABASE, label: t('ownDatabase') },
    ...(sources.data?.records ?? []).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` })),
  ];

  return (
    <CrudFormModal<PopupReportFormValues>
      editing={!!report}
      titles={{ add: t('add'), edit: t('edit') }}
      form={form}
      name="popupReport"
      initialValues={initialReportValues(report)}
      save={save}
      saving={saving}
      onCancel={onClose}
      width={1000}
      modalProps={{ modalRender: (node) => <div data-testid="popup-report-form">{node}</div> }}
    >
      <Flex wrap gap="0 16px">
        <CodeNameItems t={t} testId="report" nameMax={100} />
        <Form.Item
          name="dbSource"
          label={t('fields.dbSource')}
          extra={t('hints.dbSource')}
          style={{ flex: '1 1 200px' }}
        >
          <Select options={sourceOptions} loading={sources.isLoading} data-testid="report-source" />
        </Form.Item>
      </Flex>
      <Form.Item name="querySql" label={t('fields.querySql')} rules={[required]} extra={t('hints.querySql')}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={20000}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          data-testid="report-sql"
        />
      </Form.Item>

      <Divider titlePlacement="start" plain>
        {t('params.title')}
      </Divider>
      <Form.List name="params">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row) => (
              <Row key={row.key} gutter={8} wrap align="top">
                <Col xs={24} sm={7}>
                  <Form.Item name={[row.name, 'name']} rules={[required]}>
                    <Input placeholder={t('params.name')} maxLength={64} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={7}>
                  <Form.Item name={[row.name, 'title']} rules={[required]}>
                    <Input placeholder={t('params.titleField')} maxLength={64} />
                  </Form.Item>
                </Col>
                <Col xs={20} sm={8}>
                  <Form.Item name={[row.name, 'defaultValue']}>
                    <Input placeholder={t('params.defaultValue')} maxLength={500} />
                  </Form.Item>
                </Col>
                <Col xs={4} sm={2}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('list:actions.delete')}
                    onClick={() => remove(row.name)}
                  />
                </Col>
              </Row>
            ))}
            <Flex gap={8} wrap style={{ marginBottom: 12 }}>
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', title: '', defaultValue: '' })}>
                {t('params.add')}
              </Button>
              <Button icon={<ThunderboltOutlined />} onClick={addQueryParams} data-testid="report-detect-params">
                {t('params.detect')}
              </Button>
            </Flex>
          </>
        )}
      </Form.List>

      <Divider titlePlacement="start" plain>
        {t('columns.title')}
      </Divider>
      <Form.List name="columns">
        {(rows, { add, remove }) => (
          <>
            {rows.map((row, i) => (
              <Row key={row.key} gutter={8} wrap align="top" data-testid={`report-column-${i}`}>
                <Col xs={12} sm={5}>
                  <Form.Item name={[row.name, 'field']} rules={[required]}>
                    <Input placeholder={t('columns.field')} maxLength={64} data-testid={`report-column-field-${i}`} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item name={[row.name, 'title']} rules={[required]}>
                    <Input
                      placeholder={t('columns.titleField')}
                      maxLength={64}
                      data-testid={`report-column-title-${i}`}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={4}>
                  <Form.Item name={[row.name, 'type']}>
                    <Select options={REPORT_COLUMN_TYPES.map((v) => ({ value: v, label: t(`columns.types.${v}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={4}>
                  <Form.Item name={[row.name, 'dictCode']}>
                    <Input placeholder={t('columns.dictCode')} maxLength={64} />
                  </Form.Item>
                </Col>
                <Col xs={8} sm={2}>
                  <Form.Item name={[row.name, 'hidden']} valuePropName="checked">
                    <Checkbox>{t('columns.hidden')}</Checkbox>
                  </Form.Item>
                </Col>
                <Col xs={10} sm={3}>
                  <Form.Item name={[row.name, 'query']} valuePropName="checked">
                    <Checkbox data-testid={`report-column-query-${i}`}>{t('columns.query')}</Checkbox>
                  </Form.Item>
                </Col>
                <Col xs={6} sm={1}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('list:actions.delete')}
                    onClick={() => remove(row.name)}
                    disabled={rows.length === 1}
                  />
                </Col>
              </Row>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add(emptyColumn())} data-testid="report-add-column">
              {t('columns.add')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="remark" label={t('fields.remark')} style={{ marginTop: 16 }}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={500} />
      </Form.Item>
    </CrudFormModal>
  );
}
