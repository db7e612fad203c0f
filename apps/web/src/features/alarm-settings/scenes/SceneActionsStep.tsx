import type { ReactNode } from 'react';
import { Card, Checkbox, Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotifyFields } from '../NotifyFields';
import { RuleTimingFields } from '../RuleTimingFields';
import { ScenePeriodFields } from './ScenePeriodFields';

/**
 * Step 3 of the scene wizard (SceneActionsSchema): raise an alarm (severity, delay, reminder), push
 * to the users who may see the device and / or recipient groups and robots, send a period command.
 * The "choose at least one action" error shows under the raise switch.
 */
export function SceneActionsStep({ models }: { models: readonly string[] }): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const form = Form.useFormInstance();
  const raise = Form.useWatch(['actions', 'raise'], { form, preserve: true }) as boolean | undefined;
  const pushOn = Form.useWatch(['actions', 'pushOn'], { form, preserve: true }) as boolean | undefined;
  const commandOn = Form.useWatch(['actions', 'commandOn'], { form, preserve: true }) as boolean | undefined;
  const toggle = (name: string, label: string, testId: string): ReactNode => (
    <Form.Item
      name={['actions', name]}
      valuePropName="checked"
      label={label}
      layout="horizontal"
      style={{ marginBottom: 8 }}
    >
      <Switch data-testid={testId} />
    </Form.Item>
  );
  return (
    <>
      <Card size="small" style={{ marginBottom: 12 }}>
        {toggle('raise', t('scenes.raise'), 'action-raise')}
        {raise ? (
          <RuleTimingFields prefix={['rule']} />
        ) : (
          <Typography.Text type="secondary">{t('scenes.raiseOff')}</Typography.Text>
        )}
      </Card>
      <Card size="small" style={{ marginBottom: 12 }}>
        {toggle('pushOn', t('scenes.push'), 'action-push')}
        {pushOn && (
          <>
            <Form.Item name={['actions', 'push', 'users']} valuePropName="checked">
              <Checkbox>{t('scenes.pushUsers')}</Checkbox>
            </Form.Item>
            <NotifyFields prefix={['actions', 'push', 'notify']} />
          </>
        )}
      </Card>
      <Card size="small">
        {toggle('commandOn', t('scenes.command'), 'action-command')}
        {commandOn && <ScenePeriodFields models={models} />}
      </Card>
    </>
  );
}
