import { useState, type ReactNode } from 'react';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_MODEL_CODES } from '@ztj/contracts';
import { DEVICE_STATUSES } from './deviceEnums';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { useGroups } from './api';

/** Filters of the device list (SPEC §2: name, id, model, online status, group). */
export interface DeviceFilters {
  name?: string;
  id?: string;
  model?: string;
  status?: (typeof DEVICE_STATUSES)[number];
  groupId?: string;
}

interface DeviceSearchFormProps {
  onSearch: (filters: DeviceFilters) => void;
}

/** Search form of the device list; searching resets to page 1 (SPEC §4 lists). */
export function DeviceSearchForm({ onSearch }: DeviceSearchFormProps): ReactNode {
  const { t } = useTranslation('devices');
  const [form] = Form.useForm<DeviceFilters>();
  const groups = useGroups({ pageNo: 1, pageSize: 1000 });
  const { isMobile } = useResponsive();
  const [expanded, setExpanded] = useState(false);
  /** On phones only the name filter shows until the form is expanded. */
  const more = !isMobile || expanded;

  const submit = (values: DeviceFilters): void => {
    const clean = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as DeviceFilters;
    onSearch(clean);
  };

  return (
    <Form form={form} onFinish={submit} data-testid="device-search" style={{ marginBottom: 16 }}>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={8} xl={6}>
          <Form.Item name="name" label={t('list.search.name')}>
            <Input allowClear placeholder={t('list.search.namePlaceholder')} />
          </Form.Item>
        </Col>
        {more && (
          <>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="id" label={t('list.search.id')}>
                <Input allowClear placeholder={t('list.search.idPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="model" label={t('list.search.model')}>
                <Select allowClear showSearch placeholder={t('list.search.any')} options={DEVICE_MODEL_CODES.map((m) => ({ value: m, label: m }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="status" label={t('list.search.status')}>
                <Select allowClear placeholder={t('list.search.any')} options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} lg={8} xl={6}>
              <Form.Item name="groupId" label={t('list.search.group')}>
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  loading={groups.isLoading}
                  placeholder={t('list.search.any')}
                  options={(groups.data?.records ?? []).map((g) => ({ value: g.id, label: g.name }))}
                />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} sm={12} lg={8} xl={6}>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="device-search-submit">
              {t('list.search.submit')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              {t('list.search.reset')}
            </Button>
            {isMobile && (
              <Button type="link" onClick={() => setExpanded((e) => !e)}>
                {expanded ? t('list.search.collapse') : t('list.search.expand')}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
