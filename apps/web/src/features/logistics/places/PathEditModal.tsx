import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, InputNumber, Modal, Row, Segmented, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LatLng, RouteRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { clearFieldErrors, reportSaveError, showFieldErrors } from '../../../platform/forms/formIssues';
import { useLocationOptions, useSaveRoute } from './api';
import {
  formatDeg,
  hasPosition,
  moveItem,
  newRoute,
  radiusKmText,
  routeToForm,
  validateRoute,
  type PointForm,
  type RouteFormValues,
} from './placeForm';
import { PlaceMap, type MapFence, type MapPin } from './PlaceMap';
import styles from './places.module.css';

/** What the next click on the map sets. */
type ClickMode = 'origin' | 'waypoint' | 'destination';

/** Latitude and longitude boxes of the origin or the destination (field errors land here). */
function EndFields({ which, label }: { which: 'origin' | 'destination'; label: string }): ReactNode {
  const { t } = useTranslation('places');
  return (
    <>
      <Typography.Text strong>{label}</Typography.Text>
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item name={[which, 'lat']} label={t('fields.lat')} required style={{ marginBottom: 8 }}>
            <InputNumber style={{ width: '100%' }} step={0.0001} data-testid={`path-${which}-lat`} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={[which, 'lng']} label={t('fields.lng')} required style={{ marginBottom: 8 }}>
            <InputNumber style={{ width: '100%' }} step={0.0001} data-testid={`path-${which}-lng`} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={[which, 'name']} label={t('fields.pointName')} style={{ marginBottom: 8 }}>
        <Input maxLength={100} data-testid={`path-${which}-name`} />
      </Form.Item>
    </>
  );
}

/**
 * The route editor (settings → paths): name, fence radius (metres), origin,
 * ordered waypoints, destination and description. A click on the map sets the origin, the
 * destination or adds a waypoint (the segmented switch; it moves on by itself: origin →
 * destination → waypoints); pins are draggable; waypoints are reordered or removed in the list;
 * the fence circle is drawn around origin and destination. Contract-checked before sending.
 */
export function PathEditModal({
  route,
  onClose,
}: {
  route: RouteRecord | 'new' | null;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation('places');
  const { isMobile } = useResponsive();
  const [form] = Form.useForm<RouteFormValues>();
  const save = useSaveRoute();
  const [mode, setMode] = useState<ClickMode>('origin');
  const origin = Form.useWatch('origin', form) as PointForm | undefined;
  const destination = Form.useWatch('destination', form) as PointForm | undefined;
  const watched = Form.useWatch('waypoints', { form, preserve: true }) as PointForm[] | undefined;
  const waypoints = useMemo(() => watched ?? [], [watched]);
  const radius = Form.useWatch('fenceRadiusM', form) as number | null | undefined;
  const stored = route && route !== 'new' ? route : null;
  const places = useLocationOptions();
  const context = useMemo(
    () =>
      (places.data ?? []).map((l) => ({ key: l.id, name: l.name, lat: l.lat, lng: l.lng, radiusM: l.fenceRadiusM })),
    [places.data],
  );

  useEffect(() => {
    if (!route) return;
    form.resetFields();
    form.setFieldsValue(route === 'new' ? newRoute() : routeToForm(route));
    setMode(route === 'new' ? 'origin' : 'waypoint');
  }, [route, form]);

  const setEnd = (which: 'origin' | 'destination', p: LatLng): void => {
    const current = (form.getFieldValue(which) as PointForm | undefined) ?? {};
    form.setFieldValue(which, { ...current, lat: p.lat, lng: p.lng });
    form.setFields([
      { name: [which, 'lat'], errors: [] },
      { name: [which, 'lng'], errors: [] },
    ]);
  };
  const setWaypoints = (next: PointForm[]): void => form.setFieldValue('waypoints', next);

  const onMapClick = (p: LatLng): void => {
    if (mode === 'waypoint') {
      setWaypoints([
        ...((form.getFieldValue('waypoints') as PointForm[] | undefined) ?? []),
        { lat: p.lat, lng: p.lng },
      ]);
      return;
    }
    setEnd(mode, p);
    if (mode === 'origin')
      setMode(hasPosition(form.getFieldValue('destination') as PointForm) ? 'waypoint' : 'destination');
    else setMode('waypoint');
  };

  const onDrag = (key: string, p: LatLng): void => {
    if (key === 'origin' || key === 'destination') return setEnd(key, p);
    const index = Number(key.slice(3));
    const list = [...((form.getFieldValue('waypoints') as PointForm[] | undefined) ?? [])];
    if (list[index]) list[index] = { ...list[index], lat: p.lat, lng: p.lng };
    setWaypoints(list);
  };

  const pins = useMemo<MapPin[]>(() => {
    const out: MapPin[] = [];
    if (hasPosition(origin))
      out.push({
        key: 'origin',
        lat: origin.lat,
        lng: origin.lng,
        kind: 'origin',
        text: 'A',
        title: origin.name || t('paths.origin'),
      });
    waypoints.forEach((w, i) => {
      if (hasPosition(w))
        out.push({
          key: `wp-${i}`,
          lat: w.lat,
          lng: w.lng,
          kind: 'waypoint',
          text: String(i + 1),
          title: w.name || undefined,
        });
    });
    if (hasPosition(destination))
      out.push({
        key: 'destination',
        lat: destination.lat,
        lng: destination.lng,
        kind: 'destination',
        text: 'B',
        title: destination.name || t('paths.destination'),
      });
    return out;
  }, [origin, destination, waypoints, t]);
  const fences: MapFence[] =
    typeof radius === 'number' && radius > 0
      ? pins.filter((p) => p.kind !== 'waypoint').map((p) => ({ key: p.key, lat: p.lat, lng: p.lng, radiusM: radius }))
      : [];

  const submit = async (): Promise<void> => {
    clearFieldErrors(form);
    const checked = validateRoute(form.getFieldsValue(true) as RouteFormValues, t);
    if ('errors' in checked) {
      showFieldErrors(form, checked.errors);
      return;
    }
    try {
      await save.mutateAsync({ ...checked.body, id: stored?.id });
      feedback().message.success(t('paths.saved'));
      onClose();
    } catch (error) {
      reportSaveError(form, error, t);
    }
  };

  return (
    <Modal
      open={route !== null}
      width={isMobile ? '100%' : 1180}
      title={route === 'new' ? t('paths.addTitle') : t('paths.editTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'path-save' } as never}
      destroyOnHidden
    >
      <Row gutter={[16, 12]}>
        <Col xs={24} lg={14}>
          <Segmented<ClickMode>
            block
            value={mode}
            onChange={setMode}
            data-testid="path-click-mode"
            style={{ marginBottom: 8 }}
            options={[
              { value: 'origin', label: t('paths.origin') },
              { value: 'waypoint', label: t('paths.waypoints') },
              { value: 'destination', label: t('paths.destination') },
            ]}
          />
          <PlaceMap
            testId="path-map"
            pins={pins}
            fences={fences}
            context={context}
            line
            onClick={onMapClick}
            onDrag={onDrag}
            fitKey={stored?.id ?? 'new'}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('paths.clickSets')}: {t(`paths.${mode === 'waypoint' ? 'waypoints' : mode}`)}. {t('mapHint')}
          </Typography.Text>
        </Col>
        <Col xs={24} lg={10}>
          <Form form={form} layout="vertical" data-testid="path-form">
            <Form.Item name="name" label={t('fields.name')} required>
              <Input maxLength={50} data-testid="path-name" />
            </Form.Item>
            <Form.Item name="fenceRadiusM" label={t('fields.fenceRadius')} required extra={radiusKmText(radius)}>
              <InputNumber style={{ width: '100%' }} step={50} data-testid="path-radius" />
            </Form.Item>
            <EndFields which="origin" label={`A · ${t('paths.origin')}`} />
            <Divider titlePlacement="start" style={{ margin: '8px 0' }}>
              {t('paths.waypoints')} ({waypoints.length})
            </Divider>
            <div className={styles.waypointList} data-testid="path-waypoints">
              {waypoints.length === 0 && <Typography.Text type="secondary">{t('paths.noWaypoints')}</Typography.Text>}
              {waypoints.map((w, i) => (
                <div className={styles.pointRow} key={i} data-testid={`path-waypoint-${i}`}>
                  <Typography.Text strong>{i + 1}</Typography.Text>
                  <span className={styles.coords}>
                    {hasPosition(w) ? `${formatDeg(w.lat)}, ${formatDeg(w.lng)}` : t('paths.notSet')}
                  </span>
                  <span style={{ marginLeft: 'auto' }}>
                    <Tooltip title={t('actions.moveUp')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('actions.moveUp')}
                        disabled={i === 0}
                        onClick={() => setWaypoints(moveItem(waypoints, i, -1))}
                      />
                    </Tooltip>
                    <Tooltip title={t('actions.moveDown')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('actions.moveDown')}
                        disabled={i === waypoints.length - 1}
                        onClick={() => setWaypoints(moveItem(waypoints, i, 1))}
                      />
                    </Tooltip>
                    <Tooltip title={t('actions.remove')}>
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('actions.remove')}
                        data-testid={`path-waypoint-${i}-remove`}
                        onClick={() => setWaypoints(waypoints.filter((_, k) => k !== i))}
                      />
                    </Tooltip>
                  </span>
                </div>
              ))}
            </div>
            <Divider style={{ margin: '8px 0' }} />
            <EndFields which="destination" label={`B · ${t('paths.destination')}`} />
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
          </Form>
        </Col>
      </Row>
    </Modal>
  );
}
