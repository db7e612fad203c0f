import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlarmRoutes, SCENE_PERMS, type AlarmRecord, type SceneRecord } from '@ztj/contracts';
import { callApi } from '../../../platform/http/callApi';
import { formatDateTime } from '../../../platform/list/listQuery';
import { Authorized } from '../../../platform/permissions/Authorized';
import { useScenePage } from './useScenePage';
import { conditionSummary } from '../conditionText';
import { SeverityTag } from '../SeverityTag';
import { actionsSummary } from './sceneText';

const time = (ms: number | null): string => (ms === null ? '—' : formatDateTime(new Date(ms).toISOString()));

/** The scene's 10 latest alarms (alarm list filtered by the scene's rule name and source). */
function RecentAlarms({ scene }: { scene: SceneRecord }): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const alarms = useQuery({
    queryKey: ['alarmSettings', 'sceneAlarms', scene.id, scene.name],
    queryFn: ({ signal }) =>
      callApi(AlarmRoutes.list, {
        query: { pageNo: 1, pageSize: 10, ruleName: scene.name, column: 'startTs', order: 'desc' } as never,
        signal,
        silent: true,
      }),
  });
  const rows = (alarms.data?.records ?? []).filter(
    (a: AlarmRecord) => a.ruleSource === 'scene' && a.ruleId === scene.id,
  );
  return (
    <Card size="small" title={t('scenes.recentAlarms')} extra={<Link to="/alarm/list">{t('scenes.allAlarms')}</Link>}>
      <Table<AlarmRecord>
        size="small"
        rowKey="id"
        loading={alarms.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: alarms.isError ? t('scenes.alarmsError') : t('scenes.noAlarms') }}
        columns={[
          { title: t('scenes.alarmDevice'), dataIndex: 'deviceName' },
          {
            title: t('fields.severity'),
            dataIndex: 'severity',
            render: (_: unknown, a) => <SeverityTag severity={a.severity} />,
          },
          { title: t('scenes.alarmStart'), dataIndex: 'startTs', render: (v: number) => time(v) },
          {
            title: t('scenes.alarmEnd'),
            dataIndex: 'endTs',
            render: (v: number | null) => (v === null ? <Tag color="red">{t('scenes.active')}</Tag> : time(v)),
          },
        ]}
      />
    </Card>
  );
}

/**
 * Scene detail (`scene/SceneDetail`, /scene/detail/:id): the three parts — devices, conditions with
 * delay and reminder, actions — and the scene's recent alarms.
 */
export function SceneDetailPage(): ReactNode {
  const { scene: s, placeholder, t, i18n, navigate, defaults, places } = useScenePage();
  if (!s) return placeholder;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="scene-detail">
      <Card
        size="small"
        title={s.name}
        extra={
          <Space wrap>
            <Button size="small" onClick={() => void navigate(`/scene/params/${encodeURIComponent(s.id)}`)}>
              {t('scenes.params')}
            </Button>
            <Authorized action={SCENE_PERMS.edit}>
              <Button
                size="small"
                type="primary"
                onClick={() => void navigate(`/scene/edit/${encodeURIComponent(s.id)}`)}
              >
                {t('actions.edit')}
              </Button>
            </Authorized>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label={t('fields.enabled')}>
            {s.enabled ? t('common.yes') : t('common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('scenes.alarms')}>
            {t('scenes.alarmCounts', { total: s.alarmCount, active: s.activeCount })}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.description')} span={2}>
            {s.description || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('scenes.step1')} span={2}>
            <Space wrap size={4}>
              {s.devices.map((d) => (
                <Tag key={d.id}>
                  <Link to={`/device/detail/${encodeURIComponent(d.id)}`}>{d.name || d.id}</Link>
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('scenes.step2')} span={2}>
            <ol style={{ margin: 0, paddingInlineStart: 18 }}>
              {s.rule.conditions.map((c, i) => (
                <li key={i}>{conditionSummary(c, t, defaults, i18n.language, places)}</li>
              ))}
            </ol>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.severity')}>
            <SeverityTag severity={s.rule.severity} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.delay')}>
            {t('units.minutesValue', { count: s.rule.delayMinutes })}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.reminder')} span={2}>
            {s.rule.reminder
              ? t('scenes.reminderText', {
                  every: s.rule.reminder.everyMinutes,
                  escalate: s.rule.reminder.escalateAfterMinutes ?? '—',
                })
              : t('common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('scenes.step3')} span={2}>
            {actionsSummary(s.actions, t)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <RecentAlarms scene={s} />
    </Space>
  );
}
