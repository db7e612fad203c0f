import type { ReactNode } from 'react';
import { Flex, Form, Input, Modal, Switch } from 'antd';
import {
  GATEWAY_ROUTER_ID_PATTERN,
  GATEWAY_URI_PATTERN,
  GatewayRouteRoutes,
  type GatewayRouteRecord,
} from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { useFormModalSave } from '../../../platform/forms/useFormModalSave';
import { patternRule } from '../../../platform/forms/formRules';
import { callApi } from '../../../platform/http/callApi';
import {
  GATEWAY_FLAGS,
  factoriesRule,
  initialGatewayValues,
  validateGatewayRoute,
  type GatewayRouteFormValues,
} from './gatewayRouteForm';

const JSON_STYLE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 } as const;

/**
 * Add / edit dialog of a gateway route: route id, name, URI, predicates and filters as JSON
 * (checked as typed with the contract's parser), and the five 0/1 flags as switches. The body is
 * checked with the contract schema before it is sent; the server's field errors (e.g. a taken
 * route id) show beside their fields.
 */
export function GatewayRouteFormModal({
  route,
  onClose,
  onSaved,
}: {
  route?: GatewayRouteRecord;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { t } = useTranslation(['gateway', 'list', 'common']);
  const [form] = Form.useForm<GatewayRouteFormValues>();
  const required = { required: true, message: t('common:validation.required') };
  const { saving, save } = useFormModalSave({
    form,
    t,
    onSaved,
    onClose,
    check: (values) => validateGatewayRoute(values, t),
    send: (body) =>
      route
        ? callApi(GatewayRouteRoutes.edit, { body: { ...body, id: route.id } })
        : callApi(GatewayRouteRoutes.add, { body }),
  });
  return (
    <Modal
      open
      title={route ? t('edit') : t('add')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={saving}
      destroyOnHidden
      width={720}
    >
      <Form<GatewayRouteFormValues>
        form={form}
        name="gatewayRoute"
        layout="vertical"
        initialValues={initialGatewayValues(route)}
      >
        <Form.Item
          name="routerId"
          label={t('fields.routerId')}
          rules={[required, patternRule(GATEWAY_ROUTER_ID_PATTERN, 'validation.gatewayRouterId', t)]}
          extra={t('hints.routerId')}
        >
          <Input maxLength={64} data-testid="gateway-router-id" />
        </Form.Item>
        <Form.Item name="name" label={t('fields.name')} rules={[required]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="uri"
          label={t('fields.uri')}
          rules={[required, patternRule(GATEWAY_URI_PATTERN, 'validation.gatewayUri', t)]}
          extra={t('hints.uri')}
        >
          <Input maxLength={500} data-testid="gateway-uri" />
        </Form.Item>
        <Form.Item
          name="predicates"
          label={t('fields.predicates')}
          rules={[required, factoriesRule(true, t)]}
          extra={t('hints.predicates')}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 12 }}
            maxLength={8000}
            spellCheck={false}
            style={JSON_STYLE}
            data-testid="gateway-predicates"
          />
        </Form.Item>
        <Form.Item
          name="filters"
          label={t('fields.filters')}
          rules={[factoriesRule(false, t)]}
          extra={t('hints.filters')}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 12 }}
            maxLength={8000}
            spellCheck={false}
            style={JSON_STYLE}
            data-testid="gateway-filters"
          />
        </Form.Item>
        <Flex wrap gap="0 24px">
          {GATEWAY_FLAGS.map((flag) => (
            <Form.Item key={flag} name={flag} label={t(`fields.${flag}`)} valuePropName="checked">
              <Switch />
            </Form.Item>
          ))}
        </Flex>
      </Form>
    </Modal>
  );
}
