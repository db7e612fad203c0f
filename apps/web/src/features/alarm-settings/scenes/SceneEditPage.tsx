import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Space, Spin, Steps, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { feedback } from '../../../platform/feedback/feedback';
import { isApiError } from '../../../platform/http/ApiError';
import { useDevicesByIds, useParamDefaults, useSaveScene, useScene } from '../api';
import { ConditionListEditor } from '../conditions/ConditionListEditor';
import { DevicePickerField } from '../DevicePickerField';
import {
  clearFieldErrors,
  serverErrorsToFields,
  showFieldErrors,
  type FieldEntry,
} from '../../../platform/forms/formIssues';
import { SceneActionsStep } from './SceneActionsStep';
import { emptySceneForm, sceneToForm, stepOf, validateScene, type SceneFormValues } from './sceneForm';

/**
 * Scene add / edit (`scene/SceneEdit`, /scene/edit/:id, id `new` or absent to add; SPEC §2 edit steps
 * 1-3): one form over an antd Steps wizard — 1 devices (at least one), 2 conditions (the shared
 * condition editor), 3 actions. "Next" checks the current step with the contract; "Save" checks all
 * and goes back to the first step holding an error.
 */
export function SceneEditPage(): ReactNode {
  const { t } = useTranslation(['alarmSettings', 'devices']);
  const { id: rawId = 'new' } = useParams();
  const id = rawId === 'new' ? null : rawId;
  const navigate = useNavigate();
  const [form] = Form.useForm<SceneFormValues>();
  const [step, setStep] = useState(0);
  const defaults = useParamDefaults();
  const scene = useScene(id);
  const save = useSaveScene();
  const deviceIdsText = (Form.useWatch('deviceIds', { form, preserve: true }) as string | undefined) ?? '';
  const deviceIds = useMemo(() => deviceIdsText.split(',').filter(Boolean), [deviceIdsText]);
  const devices = useDevicesByIds(deviceIds);
  const models = useMemo(() => [...new Set((devices.data ?? []).map((d) => d.model))], [devices.data]);
  const labels = useMemo(
    () =>
      new Map([
        ...(scene.data?.devices ?? []).map((d) => [d.id, d.name] as const),
        ...(devices.data ?? []).map((d) => [d.id, d.alias || d.name] as const),
      ]),
    [scene.data, devices.data],
  );

  useEffect(() => {
    form.setFieldsValue(scene.data ? sceneToForm(scene.data) : emptySceneForm(defaults.find((d) => d.code === 'P003')));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fill once the scene is loaded
  }, [scene.data, form]);

  const check = (): { errors: FieldEntry[]; body: ReturnType<typeof validateScene>['body'] } => {
    clearFieldErrors(form);
    return validateScene(form.getFieldsValue(true) as SceneFormValues, models, t);
  };

  const next = (): void => {
    const errors = check().errors.filter((e) => stepOf(e.name) === step);
    if (showFieldErrors(form, errors) === 0) setStep(step + 1);
  };

  const submit = async (): Promise<void> => {
    const { body, errors } = check();
    if (errors.length > 0) {
      setStep(Math.min(...errors.map((e) => stepOf(e.name))));
      setTimeout(() => showFieldErrors(form, errors));
      return;
    }
    try {
      const saved = await save.mutateAsync({ ...body, id: id ?? undefined });
      feedback().message.success(t('scenes.saved'));
      void navigate(`/scene/detail/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      const entries = isApiError(error) ? serverErrorsToFields(error.errors, t) : [];
      if (entries.length > 0) {
        setStep(Math.min(...entries.map((e) => stepOf(e.name))));
        setTimeout(() => showFieldErrors(form, entries));
        return;
      }
      feedback().message.error(error instanceof Error ? error.message : String(error));
    }
  };

  if (id && scene.isError)
    return (
      <Result
        status="error"
        title={t('scenes.loadError')}
        subTitle={scene.error.message}
        extra={<Button onClick={() => void navigate('/scene/list')}>{t('actions.back')}</Button>}
      />
    );

  const hidden = (n: number) => ({ display: step === n ? undefined : 'none' });
  return (
    <Spin spinning={!!id && scene.isLoading}>
      <Card size="small" title={id ? t('scenes.editTitle') : t('scenes.addTitle')} data-testid="scene-edit">
        <Steps
          current={step}
          onChange={(n) => (n < step ? setStep(n) : undefined)}
          size="small"
          style={{ marginBottom: 16 }}
          items={[{ title: t('scenes.step1') }, { title: t('scenes.step2') }, { title: t('scenes.step3') }]}
        />
        <Form form={form} layout="vertical" preserve data-testid="scene-form">
          <div style={hidden(0)}>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item name="name" label={t('fields.name')} required>
                  <Input maxLength={30} data-testid="scene-name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
                  <Switch />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="description" label={t('fields.description')}>
                  <Input.TextArea rows={2} maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="deviceIds" label={t('scenes.devices')} required extra={t('scenes.devicesHint')}>
                  <DevicePickerField labels={labels} />
                </Form.Item>
              </Col>
            </Row>
          </div>
          <div style={hidden(1)}>
            <ConditionListEditor name={['rule', 'conditions']} defaults={defaults} />
          </div>
          <div style={hidden(2)}>
            {devices.isError && (
              <Alert type="warning" showIcon title={t('scenes.devicesError')} style={{ marginBottom: 12 }} />
            )}
            <SceneActionsStep models={models} />
          </div>
        </Form>
        <Space wrap style={{ marginTop: 16 }}>
          <Button onClick={() => void navigate('/scene/list')}>{t('actions.cancel')}</Button>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('scenes.prev')}</Button>}
          {step < 2 && (
            <Button type="primary" onClick={next} data-testid="scene-next">
              {t('scenes.next')}
            </Button>
          )}
          {step === 2 && (
            <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="scene-save">
              {t('actions.save')}
            </Button>
          )}
        </Space>
      </Card>
    </Spin>
  );
}
