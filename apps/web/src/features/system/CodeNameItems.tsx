import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import type { TFunction } from 'i18next';

/**
 * The code and name fields of a system record's dialog, side by side in a wrapping row (each at
 * least 200 px): both required, the code 64 characters at most with the namespace's `hints.code`
 * under it. Texts from `t` (`fields.code`, `fields.name`, `common:validation.required`); test ids
 * `<testId>-code` and `<testId>-name`.
 */
export function CodeNameItems({ t, testId, nameMax }: { t: TFunction; testId: string; nameMax: number }): ReactNode {
  const required = { required: true, message: t('common:validation.required') };
  return (
    <>
      <Form.Item
        name="code"
        label={t('fields.code')}
        rules={[required]}
        extra={t('hints.code')}
        style={{ flex: '1 1 200px' }}
      >
        <Input maxLength={64} data-testid={`${testId}-code`} />
      </Form.Item>
      <Form.Item name="name" label={t('fields.name')} rules={[required]} style={{ flex: '1 1 200px' }}>
        <Input maxLength={nameMax} data-testid={`${testId}-name`} />
      </Form.Item>
    </>
  );
}
