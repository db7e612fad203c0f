import type { ReactNode } from 'react';
import { Card, Table } from 'antd';
import type { RuleCondition } from '@ztj/contracts';
import { useScenePage } from './useScenePage';
import { conditionSummary } from '../conditionText';
import { paramName, paramUnit } from '../paramDefaults';
import { WrapText } from '../../../platform/list/WrapText';

interface ParamRow {
  key: string;
  index: number;
  condition: RuleCondition;
  param: string;
}

/** The measured parameter of a condition (a duration's inner one), '' for events. */
function paramOf(c: RuleCondition): string {
  if (c.type === 'threshold' || c.type === 'range') return c.param;
  if (c.type === 'duration') return c.condition.param;
  if (c.type === 'lowBattery') return 'P005';
  if (c.type === 'tilt') return 'P008';
  return '';
}

/** Scene params (`scene/SceneParams`, /scene/params/:id): the conditions and thresholds read-only with their parameter units. */
export function SceneParamsPage(): ReactNode {
  const { scene, placeholder, t, i18n, defaults, places } = useScenePage();
  if (!scene) return placeholder;
  const rows: ParamRow[] = scene.rule.conditions.map((c, i) => ({
    key: String(i),
    index: i + 1,
    condition: c,
    param: paramOf(c),
  }));
  return (
    <Card size="small" title={t('scenes.paramsTitle', { name: scene.name })} data-testid="scene-params">
      <Table<ParamRow>
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '#', dataIndex: 'index', width: 48, responsive: ['md'] },
          {
            title: t('editor.type'),
            key: 'type',
            responsive: ['md'],
            render: (_: unknown, r) => t(`conditionType.${r.condition.type}`),
          },
          {
            title: t('editor.param'),
            key: 'param',
            render: (_: unknown, r) => (
              <WrapText max={110}>
                {r.param ? `${paramName(r.param, defaults, i18n.language)} · ${r.param}` : '—'}
              </WrapText>
            ),
          },
          {
            title: t('scenes.unit'),
            key: 'unit',
            responsive: ['md'],
            render: (_: unknown, r) => (r.param ? paramUnit(r.param, defaults) || '—' : '—'),
          },
          {
            title: t('scenes.threshold'),
            key: 'summary',
            render: (_: unknown, r) => (
              <WrapText max={170}>{conditionSummary(r.condition, t, defaults, i18n.language, places)}</WrapText>
            ),
          },
          {
            title: t('editor.clearRule'),
            key: 'hysteresis',
            responsive: ['md'],
            render: (_: unknown, r) => {
              const c = r.condition.type === 'duration' ? r.condition.condition : r.condition;
              return 'hysteresis' in c
                ? t('scenes.hysteresisText', { margin: c.hysteresis.margin, delay: c.hysteresis.clearDelayMinutes })
                : '—';
            },
          },
        ]}
      />
    </Card>
  );
}
