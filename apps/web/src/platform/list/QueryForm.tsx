import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Col, DatePicker, Form, Row, Select, Space } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useResponsive } from '../responsive/useResponsive';
import { formToQuery, type FilterKind } from './listQuery';
import { OperatorInput } from './OperatorInput';
import type { TextOperator } from './textOperators';

/** One field of a list's query form. */
export interface QueryField {
  name: string;
  label: string;
  kind: FilterKind;
  options?: { value: string | number; label: string }[];
  defaultOperator?: TextOperator;
  /** Dictionary of a `dict` field (its items are the options). */
  dictCode?: string;
  /** A `dict` field searches as the user types (dictionary search-select). */
  search?: boolean;
}

interface QueryFormProps {
  fields: readonly QueryField[];
  /** Receives the wire query fields (operator prefixes and ranges applied). */
  onSearch: (query: Record<string, string>) => void;
  /** Form name (prefix of the field ids); give one when two query forms share a page. */
  name?: string;
  /** In a drawer or a side panel: at most two fields per row, whatever the window width. */
  narrow?: boolean;
}

// the dictionary widgets load with the first list that has a dictionary field, not with the list machinery
const DictSelect = lazy(() => import('../widgets/dict/DictSelect').then((m) => ({ default: m.DictSelect })));
const DictSearchSelect = lazy(() =>
  import('../widgets/dict/DictSelect').then((m) => ({ default: m.DictSearchSelect })),
);

/** A `dict` query field: the form item's value and onChange go through to the dictionary widget. */
function DictControl({
  field,
  placeholder,
  ...input
}: {
  field: QueryField;
  placeholder: string;
  value?: string | number | null;
  onChange?: (value: string | number | undefined) => void;
}): ReactNode {
  const Widget = field.search ? DictSearchSelect : DictSelect;
  return (
    <Suspense fallback={<Select loading placeholder={placeholder} />}>
      <Widget dictCode={field.dictCode ?? ''} placeholder={placeholder} {...input} />
    </Suspense>
  );
}

function control(field: QueryField, placeholder: string): ReactNode {
  switch (field.kind) {
    case 'text':
      return <OperatorInput placeholder={placeholder} defaultOperator={field.defaultOperator} />;
    case 'select':
      return <Select allowClear placeholder={placeholder} options={field.options} />;
    case 'dict':
      return <DictControl field={field} placeholder={placeholder} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} />;
    case 'datetimeRange':
      return <DatePicker.RangePicker showTime style={{ width: '100%' }} />;
  }
}

/** The query form of a list page: text fields with operator prefixes, selects and date ranges. */
export function QueryForm({ fields, onSearch, name = 'listQuery', narrow = false }: QueryFormProps): ReactNode {
  const { t } = useTranslation('list');
  const [form] = Form.useForm<Record<string, unknown>>();
  const { isMobile } = useResponsive();
  const [expanded, setExpanded] = useState(false);
  const collapsedCount = isMobile ? 1 : narrow ? 2 : 3;
  const span = narrow ? { xs: 24, sm: 12 } : { xs: 24, sm: 12, xl: 8, xxl: 6 };
  const collapsible = fields.length > collapsedCount;
  const submit = (values: Record<string, unknown>): void => onSearch(formToQuery(values));
  return (
    <Form
      form={form}
      name={name}
      labelCol={{ flex: '96px' }}
      labelWrap
      onFinish={submit}
      className="list-query-form"
      data-testid="list-query-form"
    >
      <Row gutter={[12, 12]} style={{ width: '100%' }}>
        {fields.map((f, i) => (
          <Col
            key={f.name}
            style={collapsible && !expanded && i >= collapsedCount ? { display: 'none' } : undefined}
            {...span}
          >
            <Form.Item name={f.name} label={f.label} style={{ marginBottom: 0 }}>
              {control(
                f,
                f.kind === 'select' || f.kind === 'dict'
                  ? t('query.choose', { field: f.label })
                  : t('query.placeholder', { field: f.label }),
              )}
            </Form.Item>
          </Col>
        ))}
        <Col {...span}>
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="list-search">
              {t('query.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              {t('query.reset')}
            </Button>
            {collapsible && (
              <Button
                type="link"
                onClick={() => setExpanded(!expanded)}
                icon={expanded ? <UpOutlined /> : <DownOutlined />}
                iconPlacement="end"
              >
                {expanded ? t('query.collapse') : t('query.expand')}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
