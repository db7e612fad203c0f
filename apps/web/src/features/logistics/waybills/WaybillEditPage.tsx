import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Col, DatePicker, Descriptions, Form, Input, InputNumber, Result, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StepFormEditor, useStepForm } from '../../../platform/crud/StepFormEditor';
import { formatDateTime } from '../../../platform/list/listQuery';
import { PickerField } from '../../../platform/pickers/PickerField';
import { PopupInput } from '../../../platform/pickers/PopupInput';
import { UserPicker } from '../../../platform/pickers/UserPicker';
import { logisticsStepTexts, usePickedDevices } from '../stepEditorParts';
import { DevicePickerField } from '../../alarm-settings/DevicePickerField';
import { useRouteOptions, useSaveWaybill, useWaybillDetail, useWaybillNumberFill } from './api';
import { emptyWaybillForm, stepOf, validateWaybill, waybillToForm, type WaybillFormValues } from './waybillForm';

/**
 * The vehicle field is a popup input (SPEC §5) over the tenant's popup report `waybill_vehicle`
 * when an administrator has defined one (e.g. over the fleet database as a data source): picking a
 * vehicle fills the vehicle, the driver's phone and the carrier. Without that report it is a plain
 * text field, as the number field is without a fill rule.
 */
const VEHICLE_REPORT = {
  code: 'waybill_vehicle',
  orgFields: 'vehicle,driver_phone,company',
  destFields: 'vehicle,driverPhone,company',
} as const;

/**
 * Waybill add / edit (`task/TaskEdit`, /task/edit/:id, id `new` to add; SPEC §2 edit steps 1-4):
 * one form over an antd Steps wizard — 1 basic information, 2 devices ("must associate a device
 * first"), 3 preset route, monitoring accounts and AI start/stop, 4 confirm. "Next" checks the
 * current step with the contract; "Save" checks all and goes back to the first step with an error
 * (also for the server's field errors, e.g. "this device is already on").
 */
export function WaybillEditPage(): ReactNode {
  const { t } = useTranslation(['waybills', 'common']);
  const { id: rawId = 'new' } = useParams();
  const id = rawId === 'new' ? null : rawId;
  const navigate = useNavigate();
  const [form] = Form.useForm<WaybillFormValues>();
  const detail = useWaybillDetail(id);
  const routes = useRouteOptions();
  const save = useSaveWaybill();
  const filledNumber = useWaybillNumberFill(id === null);
  const { labels: deviceLabels } = usePickedDevices(form, detail.data?.devices);
  const [userLabels, setUserLabels] = useState(new Map<string, string>());
  const monitorLabels = useMemo(
    () => new Map([...(detail.data?.monitors ?? []).map((m) => [m.id, m.name] as const), ...userLabels]),
    [detail.data, userLabels],
  );

  useEffect(() => {
    form.setFieldsValue(detail.data ? waybillToForm(detail.data) : emptyWaybillForm());
  }, [detail.data, form]);
  useEffect(() => {
    // a configured fill rule fills the number of a new waybill; the user may still change it
    if (id === null && filledNumber && !form.getFieldValue('number')) form.setFieldValue('number', filledNumber);
  }, [id, filledNumber, form]);

  const steps = useStepForm({
    form,
    t,
    stepOf,
    validate: (values: WaybillFormValues) => validateWaybill(values, t),
    send: (body) => save.mutateAsync({ ...body, id: id ?? undefined }),
    savedText: t('edit.saved'),
    onSaved: (saved) => void navigate(`/task/detail/${encodeURIComponent(saved.id)}`),
  });
  const { step } = steps;

  if (detail.data && detail.data.status !== 'unstarted') {
    return (
      <Result
        status="warning"
        title={t('edit.notUnstarted')}
        extra={
          <Button onClick={() => void navigate(`/task/detail/${encodeURIComponent(detail.data.id)}`)}>
            {t('actions.detail')}
          </Button>
        }
      />
    );
  }

  const v = form.getFieldsValue(true) as WaybillFormValues;
  const when = (d: WaybillFormValues['plannedStart']): string => (d ? formatDateTime(d.toISOString()) : '—');
  return (
    <StepFormEditor<WaybillFormValues>
      form={form}
      steps={steps}
      testId="waybill"
      title={id ? t('edit.editTitle') : t('edit.addTitle')}
      stepTitles={[t('edit.step1'), t('edit.step2'), t('edit.step3'), t('edit.step4')]}
      loading={!!id && detail.isLoading}
      loadError={id && detail.isError ? { title: t('detail.loadError'), message: detail.error.message } : null}
      saving={save.isPending}
      texts={logisticsStepTexts(t)}
      onLeave={() => void navigate('/task/list')}
      panes={[
        <>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('fields.name')} required>
                <Input maxLength={50} data-testid="waybill-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="number" label={t('fields.number')} extra={t('edit.numberHint')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="innerNumber" label={t('fields.innerNumber')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="vehicle" label={t('fields.vehicle')}>
                <PopupInput
                  code={VEHICLE_REPORT.code}
                  orgFields={VEHICLE_REPORT.orgFields}
                  destFields={VEHICLE_REPORT.destFields}
                  maxLength={64}
                  testId="waybill-vehicle"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="driverPhone" label={t('fields.driverPhone')}>
                <Input maxLength={11} inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="company" label={t('fields.company')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="mileageKm" label={t('fields.mileageKm')}>
                <InputNumber min={0} max={100000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} />
            <Col xs={24} md={12}>
              <Form.Item name="plannedStart" label={t('fields.plannedStart')} required>
                <DatePicker showTime style={{ width: '100%' }} data-testid="waybill-start-time" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="plannedEnd" label={t('fields.plannedEnd')} required>
                <DatePicker showTime style={{ width: '100%' }} data-testid="waybill-end-time" />
              </Form.Item>
            </Col>
          </Row>
        </>,
        <>
          <Form.Item name="deviceIds" label={t('fields.devices')} required extra={t('edit.devicesHint')}>
            <DevicePickerField labels={deviceLabels} />
          </Form.Item>
        </>,
        <>
          <Form.Item name="routeId" label={t('fields.routeName')} required>
            <Select
              showSearch
              optionFilterProp="label"
              loading={routes.isLoading}
              options={(routes.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              placeholder={t('edit.routePlaceholder')}
              notFoundContent={routes.isError ? t('edit.routesError') : t('edit.noRoutes')}
              data-testid="waybill-route"
            />
          </Form.Item>
          <Form.Item name="monitorUserIds" label={t('fields.monitors')}>
            <PickerField
              labels={monitorLabels}
              renderPicker={({ open, close, commit }) => (
                <UserPicker
                  open={open}
                  multi
                  onCancel={close}
                  onOk={(users) => {
                    setUserLabels(new Map([...userLabels, ...users.map((u) => [u.id, u.realname] as const)]));
                    commit(users.map((u) => ({ id: u.id, label: u.realname })));
                  }}
                />
              )}
            />
          </Form.Item>
          <Form.Item
            name="aiStartStop"
            label={t('fields.aiStartStop')}
            valuePropName="checked"
            extra={t('edit.aiHint')}
          >
            <Switch data-testid="waybill-ai" />
          </Form.Item>
        </>,
        <>
          {step === 3 && (
            <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered data-testid="waybill-confirm">
              <Descriptions.Item label={t('fields.name')}>{v.name}</Descriptions.Item>
              <Descriptions.Item label={t('fields.number')}>{v.number || t('edit.generated')}</Descriptions.Item>
              <Descriptions.Item label={t('fields.vehicle')}>{v.vehicle || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('fields.driverPhone')}>{v.driverPhone || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('fields.plannedStart')}>{when(v.plannedStart)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.plannedEnd')}>{when(v.plannedEnd)}</Descriptions.Item>
              <Descriptions.Item label={t('fields.devices')}>
                {(v.deviceIds ?? '')
                  .split(',')
                  .filter(Boolean)
                  .map((d) => deviceLabels.get(d) ?? d)
                  .join(', ')}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.routeName')}>
                {routes.data?.find((r) => r.id === v.routeId)?.name ?? '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.aiStartStop')}>
                {v.aiStartStop ? t('common.yes') : t('common.no')}
              </Descriptions.Item>
            </Descriptions>
          )}
        </>,
      ]}
    />
  );
}
