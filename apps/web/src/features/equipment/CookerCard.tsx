import { useState, type ReactNode } from 'react';
import { Button, Card, Empty, InputNumber, List, Modal, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_FAMILY_TABLE, EQUIPMENT_PERMS, type EquipmentRecord } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { toLanguage } from '../../platform/i18n/i18n';
import { Authorized } from '../../platform/permissions/Authorized';
import { usePermission } from '../../platform/permissions/usePermission';
import { StatusTag } from '../devices/StatusTag';
import { formatReportTime } from '../devices/parameterFormat';
import { useActiveAlarms, useSetPoint } from './api';
import { commandFailed, commandSent } from './commandFeedback';
import { DeviceName } from './equipmentColumns';
import { formatMeasure, NO_VALUE } from './equipmentFormat';
import { cookerView, FOOD_SAFETY_LIMIT_C, setPointAllowed, toValueMap, type WellView } from './equipmentView';
import styles from './equipment.module.css';

/** Top of a well bar, °C (bars are drawn 0…this). */
const SCALE_MAX_C = 100;

function WellBar({
  well,
  lang,
  label,
}: {
  well: WellView;
  lang: ReturnType<typeof toLanguage>;
  label: string;
}): ReactNode {
  const pct = well.temperatureC === null ? 0 : Math.max(0, Math.min(100, (well.temperatureC / SCALE_MAX_C) * 100));
  return (
    <div className={styles.well} data-testid={`well-${well.well}`} data-below={well.belowLimit}>
      <div
        className={styles.wellBar}
        role="img"
        aria-label={`${label} ${formatMeasure(well.temperatureC, '°C', lang, 1)}`}
      >
        <div
          className={`${styles.wellFill} ${well.belowLimit ? styles.wellFillUnsafe : ''}`}
          style={{ height: `${pct}%` }}
        />
        <div className={styles.limitLine} style={{ bottom: `${(FOOD_SAFETY_LIMIT_C / SCALE_MAX_C) * 100}%` }} />
      </div>
      <Typography.Text strong type={well.belowLimit ? 'danger' : undefined} style={{ display: 'block' }}>
        {formatMeasure(well.temperatureC, '°C', lang, 1)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
    </div>
  );
}

/**
 * One pot or cooker: per-well temperatures as bars against the 60 °C food-safety line (dashed),
 * heater, running/idle, water level (mm), set-point (°C) with a confirmed change
 * (`cooker:setPoint`, within the family's range) and the device's active alarms.
 */
export function CookerCard({ row }: { row: EquipmentRecord }): ReactNode {
  const { t, i18n } = useTranslation(['equipment', 'alarms']);
  const lang = toLanguage(i18n.language);
  const { can } = usePermission();
  const family = row.family === 'boilPot' ? 'boilPot' : 'odenCooker';
  const v = cookerView(family, toValueMap(row.values));
  const alarms = useActiveAlarms(row.id, can('alarm:list'));
  const setPoint = useSetPoint();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<number | null>(null);
  const [min, max] = EQUIPMENT_FAMILY_TABLE[family].setPointRange ?? [0, 100];
  const name = row.alias || row.name;

  const confirm = (): void => {
    if (draft === null || !setPointAllowed(family, draft)) return;
    const value = draft;
    feedback().modal.confirm({
      title: t('cooker.confirmSetPoint', { name, value }),
      okButtonProps: { 'data-testid': 'confirm-ok' } as never,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const result = await setPoint.mutateAsync({ id: row.id, setPointC: value });
          commandSent(result.delivered);
          setEditing(false);
        } catch (error) {
          commandFailed(error);
        }
      },
    });
  };

  const active = alarms.data?.records ?? [];
  return (
    <Card
      size="small"
      data-testid={`cooker-${row.id}`}
      title={<DeviceName row={row} />}
      extra={<StatusTag status={row.status} />}
    >
      <Space wrap size={[8, 4]} style={{ marginBottom: 8 }}>
        <Tag color={v.unsafeWells > 0 ? 'error' : 'success'} data-testid="safety-summary">
          {v.unsafeWells > 0
            ? t('cooker.belowLimit', { count: v.unsafeWells, limit: FOOD_SAFETY_LIMIT_C })
            : t('cooker.allSafe', { limit: FOOD_SAFETY_LIMIT_C })}
        </Tag>
        <Tag
          color={v.heaterOn ? 'orange' : 'default'}
        >{`${t('cooker.heater')}: ${v.heaterOn === null ? NO_VALUE : v.heaterOn ? t('cooker.heaterOn') : t('cooker.heaterOff')}`}</Tag>
        <Tag color={v.running ? 'processing' : 'default'}>
          {v.running === null ? NO_VALUE : v.running ? t('cooker.running') : t('cooker.idle')}
        </Tag>
      </Space>
      <div className={styles.wells}>
        {v.wells.map((w) => (
          <WellBar key={w.well} well={w} lang={lang} label={t('cooker.well', { n: w.well })} />
        ))}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('cooker.limit', { limit: FOOD_SAFETY_LIMIT_C })} · {formatReportTime(row.lastReportTime)}
      </Typography.Text>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', margin: '8px 0' }}>
        <span>
          {t('cooker.level')}: <strong>{formatMeasure(v.levelMm, 'mm', lang, 0)}</strong>
        </span>
        <Space>
          <span>
            {t('cooker.setPoint')}: <strong data-testid="set-point">{formatMeasure(v.setPointC, '°C', lang, 1)}</strong>
          </span>
          <Authorized action={EQUIPMENT_PERMS.setPoint}>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => {
                setDraft(v.setPointC);
                setEditing(true);
              }}
              aria-label={t('cooker.editSetPoint')}
              data-testid="edit-set-point"
            />
          </Authorized>
        </Space>
      </Space>
      <Typography.Text strong>{t('cooker.alarms')}</Typography.Text>
      {alarms.isError ? (
        <Typography.Paragraph type="danger">{t('cooker.alarmsError')}</Typography.Paragraph>
      ) : active.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cooker.noAlarms')} style={{ margin: 8 }} />
      ) : (
        <List
          size="small"
          dataSource={active}
          data-testid="cooker-alarms"
          renderItem={(a) => (
            <List.Item key={a.id}>
              <Space orientation="vertical" size={0}>
                <Typography.Text type="danger">{a.ruleName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatReportTime(a.startTs)} · {a.value === null ? NO_VALUE : formatMeasure(a.value, '°C', lang, 1)}
                </Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
      <Modal
        open={editing}
        title={t('cooker.setPointTitle', { name })}
        onCancel={() => setEditing(false)}
        onOk={confirm}
        okButtonProps={
          { disabled: draft === null || !setPointAllowed(family, draft), 'data-testid': 'set-point-ok' } as never
        }
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <InputNumber
          value={draft}
          onChange={(x) => setDraft(x)}
          min={min}
          max={max}
          step={0.5}
          addonAfter="°C"
          style={{ width: '100%' }}
          data-testid="set-point-input"
        />
        <Typography.Text type="secondary">{t('cooker.setPointRange', { min, max })}</Typography.Text>
      </Modal>
    </Card>
  );
}
