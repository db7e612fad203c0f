import type { ReactNode } from 'react';
import { Col, Form, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { positionEffectOptions } from './conditionOptions';
import { HysteresisFields } from './HysteresisFields';
import { useLocationOptions, useRouteOptions, type PlaceOptions } from './usePlaceOptions';

/** Props of {@link PositionFields}. */
export interface PositionFieldsProps {
  /** Name of the condition inside its Form.List item (`[index]`). */
  base: (string | number)[];
  kind: 'geofence' | 'routeDeviation' | 'dwell';
  testId: string;
}

/** A picker of places: the tenant's locations or routes; says so when there are none or the call failed. */
function PlacePicker({
  base,
  field,
  label,
  places,
  emptyText,
  testId,
}: {
  base: (string | number)[];
  field: 'locationId' | 'routeId';
  label: string;
  places: PlaceOptions<{ id: string; name: string }>;
  emptyText: string;
  testId: string;
}): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const help = places.failed
    ? t('editor.placesError')
    : !places.loading && places.options.length === 0
      ? emptyText
      : undefined;
  return (
    <Col xs={24} sm={12} md={6}>
      <Form.Item
        name={[...base, field]}
        label={label}
        extra={help && <Typography.Text type={places.failed ? 'danger' : 'secondary'}>{help}</Typography.Text>}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={places.loading}
          placeholder={t('editor.placePlaceholder')}
          options={places.options.map((p) => ({ value: p.id, label: p.name }))}
          notFoundContent={emptyText}
          popupMatchSelectWidth={false}
          data-testid={`${testId}-${field}`}
        />
      </Form.Item>
    </Col>
  );
}

/**
 * Inputs of the position conditions: geofence = location + SPEC §9 position
 * effect (1 enter, 2 leave, 6 both) + clear rule in metres; route deviation = route + corridor (m)
 * + clear rule; dwell = location + minutes. Places come from `/wlx/point/options` and
 * `/wlx/path/options`.
 */
export function PositionFields({ base, kind, testId }: PositionFieldsProps): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const locations = useLocationOptions();
  const routes = useRouteOptions();
  const hint = (
    <Col xs={24}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('editor.positionHint')}
      </Typography.Paragraph>
    </Col>
  );
  if (kind === 'routeDeviation') {
    return (
      <>
        {hint}
        <PlacePicker
          base={base}
          field="routeId"
          label={t('editor.route')}
          places={routes}
          emptyText={t('editor.routesEmpty')}
          testId={testId}
        />
        <Col xs={24} sm={12} md={6}>
          <Form.Item name={[...base, 'corridorM']} label={t('editor.corridor')} tooltip={t('editor.corridorHint')}>
            <InputNumber
              style={{ width: '100%' }}
              min={1}
              suffix={t('units.metres')}
              data-testid={`${testId}-corridorM`}
            />
          </Form.Item>
        </Col>
        <HysteresisFields
          base={base}
          unit={t('units.metres')}
          marginLabel={t('editor.marginMetres')}
          marginHint={t('editor.marginMetresHint')}
        />
      </>
    );
  }
  return (
    <>
      {hint}
      <PlacePicker
        base={base}
        field="locationId"
        label={t('editor.location')}
        places={locations}
        emptyText={t('editor.placesEmpty')}
        testId={testId}
      />
      {kind === 'geofence' ? (
        <>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name={[...base, 'effect']} label={t('editor.positionEffect')}>
              <Select options={positionEffectOptions(t)} data-testid={`${testId}-effect`} />
            </Form.Item>
          </Col>
          <HysteresisFields
            base={base}
            unit={t('units.metres')}
            marginLabel={t('editor.marginMetres')}
            marginHint={t('editor.marginMetresHint')}
          />
        </>
      ) : (
        <Col xs={24} sm={12} md={6}>
          <Form.Item name={[...base, 'minutes']} label={t('editor.dwellMinutes')}>
            <InputNumber
              style={{ width: '100%' }}
              min={1}
              precision={0}
              suffix={t('units.minutes')}
              data-testid={`${testId}-minutes`}
            />
          </Form.Item>
        </Col>
      )}
    </>
  );
}
