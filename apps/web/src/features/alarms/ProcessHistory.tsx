import type { ReactNode } from 'react';
import { Alert, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAlarmProcesses } from './api';
import { formatAlarmTime } from './alarmText';

/** The process records of one alarm, newest first: result, record, who and when (server time). */
export function ProcessHistory({ alarmId }: { alarmId: string }): ReactNode {
  const { t } = useTranslation('alarms');
  const history = useAlarmProcesses(alarmId);
  if (history.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (history.isError) return <Alert type="error" showIcon title={t('process.historyError')} />;
  const records = history.data?.records ?? [];
  if (records.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('process.historyEmpty')} />;
  return (
    <List
      size="small"
      dataSource={records}
      data-testid="process-history"
      renderItem={(r) => (
        <List.Item>
          <div style={{ width: '100%', minWidth: 0 }}>
            <div>
              <Tag color={r.flag === 1 ? 'red' : r.flag === 0 ? 'green' : 'default'}>{t(`flag.${r.flag}`)}</Tag>
              <Typography.Text type="secondary">
                {t('process.recordedBy', { who: r.createBy, when: formatAlarmTime(r.createTime) })}
              </Typography.Text>
            </div>
            <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {r.content}
            </Typography.Paragraph>
          </div>
        </List.Item>
      )}
    />
  );
}
