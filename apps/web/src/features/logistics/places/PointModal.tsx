import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Segmented, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LatLng, LocationRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { clearFieldErrors, reportSaveError, showFieldErrors } from '../../../platform/forms/formIssues';
import { useLocationOptions, useSaveLocation } from './api';
import { CornerList } from './CornerList';
import { locationToForm, newLocation, radiusKmText, validateLocation, type LocationFormValues } from './placeForm';
import { PlaceMap, type MapPin } from './PlaceMap';
import { AreaPicker } from '../../../platform/widgets/area/AreaPicker';
import { areaText, loadAreaTree } from '../../../platform/widgets/area/areaData';

/**
 * Add / edit a location (settings → points): click the map to place the centre (or type it),
 * drag the pin to move it; the fence circle follows the radius (metres). In corner mode clicks add
 * the corners of a polygon fence (≥ 3; when set it is the fence, the circle its outer bound).
 * Contract-checked before sending; the server's field errors (duplicate name) show on the fields.
 */
export function PointModal({
  location,
  onClose,
}: {
  location: LocationRecord | 'new' | null;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation(['places', 'widgets']);
  const [area, setArea] = useState('');
  const { isMobile } = useResponsive();
  const [form] = Form.useForm<LocationFormValues>();
  const save = useSaveLocation();
  const places = useLocationOptions();
  const lat = Form.useWatch('lat', form);
  const lng = Form.useWatch('lng', form);
  const radius = Form.useWatch('fenceRadiusM', form);
  const enabled = Form.useWatch('fenceEnabled', form);
  const corners = (Form.useWatch('polygon', form) as LatLng[] | null | undefined) ?? null;
  const [mode, setMode] = useState<'centre' | 'corner'>('centre');

  useEffect(() => {
    if (!location) return;
    form.resetFields();
    form.setFieldsValue(location === 'new' ? newLocation() : locationToForm(location));
    setMode('centre');
    setArea('');
  }, [location, form]);

  /** A region picked: its names replace the start of the address (the previous region's, if any). */
  const pickArea = (code: string): void => {
    const before = area;
    setArea(code);
    void loadAreaTree().then((tree) => {
      const address = String(form.getFieldValue('address') ?? '');
      const old = before ? areaText(tree, before, '') : '';
      const rest = old && address.startsWith(old) ? address.slice(old.length) : address;
      form.setFieldValue('address', `${areaText(tree, code, '')}${rest}`.slice(0, 200));
    });
  };

  const place = (p: LatLng): void => {
    form.setFieldsValue({ lat: p.lat, lng: p.lng });
    form.setFields([
      { name: 'lat', errors: [] },
      { name: 'lng', errors: [] },
    ]);
  };

  const setCorners = (next: LatLng[] | null): void => {
    form.setFieldValue('polygon', next);
    form.setFields([{ name: 'polygon', errors: [] }]);
  };
  const onMapClick = (p: LatLng): void => (mode === 'centre' ? place(p) : setCorners([...(corners ?? []), p]));
  const onDrag = (key: string, p: LatLng): void => {
    if (key === 'centre') return place(p);
    const list = [...(corners ?? [])];
    list[Number(key.slice(2))] = p;
    setCorners(list);
  };

  const submit = async (): Promise<void> => {
    clearFieldErrors(form);
    const stored = location && location !== 'new' ? location : null;
    const checked = validateLocation(form.getFieldsValue(true) as LocationFormValues, t);
    if ('errors' in checked) {
      showFieldErrors(form, checked.errors);
      return;
    }
    try {
      await save.mutateAsync({ ...checked.body, id: stored?.id });
      feedback().message.success(t('points.saved'));
      onClose();
    } catch (error) {
      reportSaveError(form, error, t);
    }
  };

  const hasCentre = typeof lat === 'number' && typeof lng === 'number';
  const stored = location && location !== 'new' ? location : null;
  const pins: MapPin[] = [
    ...(hasCentre
      ? [{ key: 'centre', lat, lng, kind: 'centre' as const, text: '●', title: form.getFieldValue('name') as string }]
      : []),
    ...(corners ?? []).map((c, i) => ({
      key: `c-${i}`,
      lat: c.lat,
      lng: c.lng,
      kind: 'corner' as const,
      text: String(i + 1),
    })),
  ];
  const context = useMemo(
    () =>
      (places.data ?? [])
        .filter((l) => l.id !== stored?.id)
        .map((l) => ({ key: l.id, name: l.name, lat: l.lat, lng: l.lng, radiusM: l.fenceRadiusM })),
    [places.data, stored?.id],
  );
  return (
    <Modal
      open={location !== null}
      width={isMobile ? '100%' : 1000}
      title={location === 'new' ? t('points.addTitle') : t('points.editTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'point-save' } as never}
      destroyOnHidden
    >
      <Row gutter={[16, 12]}>
        <Col xs={24} md={14}>
          <Segmented<'centre' | 'corner'>
            block
            value={mode}
            onChange={setMode}
            data-testid="point-click-mode"
            style={{ marginBottom: 8 }}
            options={[
              { value: 'centre', label: t('fields.centre') },
              { value: 'corner', label: t('points.polygonFence') },
            ]}
          />
          <PlaceMap
            testId="point-map"
            pins={pins}
            fences={
              hasCentre && typeof radius === 'number' && radius > 0
                ? [{ key: 'fence', lat, lng, radiusM: radius, enabled: enabled !== false }]
                : []
            }
            polygons={corners && corners.length > 1 ? [corners] : []}
            context={context}
            onClick={onMapClick}
            onDrag={onDrag}
            fitKey={stored?.id ?? 'new'}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {mode === 'centre' ? t('points.clickHint') : t('points.cornerHint')} {t('mapHint')}
          </Typography.Text>
        </Col>
        <Col xs={24} md={10}>
          <Form form={form} layout="vertical" data-testid="point-form">
            <Form.Item name="name" label={t('fields.name')} required>
              <Input maxLength={50} data-testid="point-name" />
            </Form.Item>
            <Form.Item label={t('widgets:area.label')} extra={t('widgets:area.addressHint')}>
              <AreaPicker value={area} onChange={pickArea} testId="point-area" />
            </Form.Item>
            <Form.Item name="address" label={t('fields.address')}>
              <Input maxLength={200} data-testid="point-address" />
            </Form.Item>
            <Row gutter={8}>
              <Col span={12}>
                <Form.Item name="lat" label={t('fields.lat')} required>
                  <InputNumber style={{ width: '100%' }} step={0.0001} data-testid="point-lat" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="lng" label={t('fields.lng')} required>
                  <InputNumber style={{ width: '100%' }} step={0.0001} data-testid="point-lng" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="fenceRadiusM" label={t('fields.fenceRadius')} required extra={radiusKmText(radius)}>
              <InputNumber style={{ width: '100%' }} step={50} data-testid="point-radius" />
            </Form.Item>
            <Form.Item name="fenceEnabled" label={t('fields.fenceEnabled')} valuePropName="checked">
              <Switch data-testid="point-fence-enabled" />
            </Form.Item>
            <Form.Item name="polygon" label={t('points.polygonFence')}>
              <CornerList />
            </Form.Item>
          </Form>
        </Col>
      </Row>
    </Modal>
  );
}
