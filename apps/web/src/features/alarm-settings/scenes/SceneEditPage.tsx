import { useEffect, useMemo, type ReactNode } from 'react';
import { Alert, Col, Form, Input, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StepFormEditor, useStepForm } from '../../../platform/crud/StepFormEditor';
import { useDevicesByIds, useParamDefaults, useSaveScene, useScene } from '../api';
import { ConditionListEditor } from '../conditions/ConditionListEditor';
import { DevicePickerField } from '../DevicePickerField';
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

  const steps = useStepForm({
    form,
    t,
    stepOf,
    validate: (values: SceneFormValues) => validateScene(values, models, t),
    send: (body) => save.mutateAsync({ ...body, id: id ?? undefined }),
    savedText: t('scenes.saved'),
    onSaved: (saved) => void navigate(`/scene/detail/${encodeURIComponent(saved.id)}`),
  });

  return (
    <StepFormEditor<SceneFormValues>
      form={form}
      steps={steps}
      testId="scene"
      title={id ? t('scenes.editTitle') : t('scenes.addTitle')}
      stepTitles={[t('scenes.step1'), t('scenes.step2'), t('scenes.step3')]}
      loading={!!id && scene.isLoading}
      loadError={id && scene.isError ? { title: t('scenes.loadError'), message: scene.error.message } : null}
      saving={save.isPending}
      texts={{
        cancel: t('actions.cancel'),
        back: t('actions.back'),
        prev: t('scenes.prev'),
        next: t('scenes.next'),
        save: t('actions.save'),
      }}
      onLeave={() => void navigate('/scene/list')}
      panes={[
        <>
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
        </>,
        <>
          <ConditionListEditor name={['rule', 'conditions']} defaults={defaults} />
        </>,
        <>
          {devices.isError && (
            <Alert type="warning" showIcon title={t('scenes.devicesError')} style={{ marginBottom: 12 }} />
          )}
          <SceneActionsStep models={models} />
        </>,
      ]}
    ></StepFormEditor>
  );
}
