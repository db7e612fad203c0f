import type { ReactNode } from 'react';
import { Col, Form, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserGroupOptions } from './api';

/**
 * Who a rule's alarms reach besides the users who may see the device: recipient groups, the
 * escalation groups of the repeat reminder and the work-chat robots (RuleNotifySchema).
 * `prefix` is the notify object's name (`['notify']`, `['actions', 'push', 'notify']`).
 */
export function NotifyFields({ prefix }: { prefix: (string | number)[] }): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const groups = useUserGroupOptions();
  const options = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  const select = {
    mode: 'multiple' as const,
    options,
    loading: groups.isLoading,
    allowClear: true,
    optionFilterProp: 'label',
    placeholder: groups.isError ? t('fields.groupsError') : t('fields.groupsPlaceholder'),
  };
  return (
    <Row gutter={12}>
      <Col xs={24} md={10}>
        <Form.Item name={[...prefix, 'groupIds']} label={t('fields.notifyGroups')}>
          <Select {...select} data-testid="notify-groups" />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name={[...prefix, 'escalateGroupIds']} label={t('fields.escalateGroups')}>
          <Select {...select} data-testid="escalate-groups" />
        </Form.Item>
      </Col>
      <Col xs={24} md={4}>
        <Form.Item name={[...prefix, 'robots']} label={t('fields.robots')} valuePropName="checked">
          <Switch data-testid="notify-robots" />
        </Form.Item>
      </Col>
    </Row>
  );
}
