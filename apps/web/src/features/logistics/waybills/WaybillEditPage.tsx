import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Steps,
  Switch,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { feedback } from '../../../platform/feedback/feedback';
import { isApiError } from '../../../platform/http/ApiError';
import { formatDateTime } from '../../../platform/list/listQuery';
import { PickerField } from '../../../platform/pickers/PickerField';
import { PopupInput } from '../../../platform/pickers/PopupInput';
import { UserPicker } from '../../../platform/pickers/UserPicker';
import { useDevicesByIds } from '../../alarm-settings/api';
import { DevicePickerField } from '../../alarm-settings/DevicePickerField';
import {
  clearFieldErrors,
  serverErrorsToFields,
  showFieldErrors,
  type FieldEntry,
} from '../../../platform/forms/formIssues';
import { useRouteOptions, useSaveWaybill, useWaybillDetail, useWaybillNumberFill } from './api';
import { emptyWaybillForm, stepOf, validateWaybill, waybillToForm, type WaybillFormValues } from './waybillForm';

const STEPS = 4;

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
  const [step, setStep] = useState(0);
  const detail = useWaybillDetail(id);
  const routes = useRouteOptions();
  const save = useSaveWaybill();
  const filledNumber = useWaybillNumberFill(id === null);
  const deviceIdsText = (Form.useWatch('deviceIds', { form, preserve: true }) as string | undefined) ?? '';
  const picked = useDevicesByIds(useMemo(() => deviceIdsText.split(',').filter(Boolean), [deviceIdsText]));
  const deviceLabels = useMemo(
    () =>
      new Map([
        ...(detail.data?.devices ?? []).map((d) => [d.id, d.name] as const),
        ...(picked.data ?? []).map((d) => [d.id, d.alias || d.name] as const),
      ]),
    [detail.data, picked.data],
  );
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

  const check = (): ReturnType<typeof validateWaybill> => {
    clearFieldErrors(form);
    return validateWaybill(form.getFieldsValue(true) as WaybillFormValues, t);
  };
  const goToErrors = (entries: FieldEntry[]): void => {
    setStep(Math.min(...entries.map((e) => stepOf(e.name))));
    setTimeout(() => showFieldErrors(form, entries));
  };
  const next = (): void => {
    const errors = check().errors.filter((e) => stepOf(e.name) === step);
    if (showFieldErrors(form, errors) === 0) setStep(step + 1);
  };
  const submit = async (): Promise<void> => {
    const { body, errors } = check();
    if (errors.length > 0) return goToErrors(errors);
    try {
      const saved = await save.mutateAsync({ ...body, id: id ?? undefined });
      feedback().message.success(t('edit.saved'));
      void navigate(`/task/detail/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      const entries = isApiError(error) ? serverErrorsToFields(error.errors, t) : [];
      if (entries.length > 0) return goToErrors(entries);
      feedback().message.error(error instanceof Error ? error.message : String(error));
    }
  };

  if (id && detail.isError) {
    return (
      <Result
        status="error"
        title={t('detail.loadError')}
        subTitle={detail.error.message}
        extra={<Button onClick={() => void navigate('/task/list')}>{t('actions.back')}</Button>}
      />
    );
  }
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
  const hidden = (n: number) => ({ display: step === n ? undefined : 'none' });
  const when = (d: WaybillFormValues['plannedStart']): string => (d ? formatDateTime(d.toISOString()) : '—');
  return (
    <Spin spinning={!!id && detail.isLoading}>
      <Card size="small" title={id ? t('edit.editTitle') : t('edit.addTitle')} data-testid="waybill-edit">
        <Steps
          current={step}
          onChange={(n) => (n < step ? setStep(n) : undefined)}
          size="small"
          style={{ marginBottom: 16 }}
          items={[
            { title: t('edit.step1') },
            { title: t('edit.step2') },
            { title: t('edit.step3') },
            { title: t('edit.step4') },
          ]}
        />
        <Form form={form} layout="vertical" preserve data-testid="waybill-form">
          <div style={hidden(0)}>
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
          </div>
          <div style={hidden(1)}>
            <Form.Item name="deviceIds" label={t('fields.devices')} required extra={t('edit.devicesHint')}>
              <DevicePickerField labels={deviceLabels} />
            </Form.Item>
          </div>
          <div style={hidden(2)}>
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
          </div>
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
        </Form>
        <Space wrap style={{ marginTop: 16 }}>
          <Button onClick={() => void navigate('/task/list')}>{t('actions.cancel')}</Button>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{t('edit.prev')}</Button>}
          {step < STEPS - 1 && (
            <Button type="primary" onClick={next} data-testid="waybill-next">
              {t('edit.next')}
            </Button>
          )}
          {step === STEPS - 1 && (
            <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="waybill-save">
              {t('actions.save')}
            </Button>
          )}
        </Space>
      </Card>
    </Spin>
  );
}
