import type { ReactNode } from 'react';
import { Button, Empty, List, Popconfirm, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SavedQuery } from './savedQueries';

interface SavedQueriesPanelProps {
  queries: readonly SavedQuery[];
  onPick: (query: SavedQuery) => void;
  onDelete: (title: string) => void;
}

/** The saved-queries panel of the advanced query: pick one, or delete it after confirmation. */
export function SavedQueriesPanel({ queries, onPick, onDelete }: SavedQueriesPanelProps): ReactNode {
  const { t } = useTranslation('list');
  return (
    <div data-testid="saved-queries">
      <Typography.Text strong>{t('super.saved')}</Typography.Text>
      {queries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('super.noSaved')} />
      ) : (
        <List
          size="small"
          dataSource={[...queries]}
          renderItem={(q) => (
            <List.Item
              actions={[
                <Popconfirm key="del" title={t('super.deleteSaved')} onConfirm={() => onDelete(q.title)}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('super.deleteSavedLabel', { name: q.title })}
                  />
                </Popconfirm>,
              ]}
            >
              <Typography.Link onClick={() => onPick(q)}>{q.title}</Typography.Link>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
