import type { ReactNode } from 'react';
import { Alert, Button, Drawer, Empty, Form, Input, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROCESS_CONTENT_MAX, type AlarmRecord } from '@ztj/contracts';
import { feedback } from '../../platform/feedback/feedback';
import { translateValidation } from '../../platform/forms/formRules';
import { isApiError } from '../../platform/http/ApiError';
import { useResponsive } from '../../platform/responsive/useResponsive';
import { showServerFieldErrors } from '../system/formErrors';
import { useAddComment, useAlarmComments } from './api';
import { formatAlarmTime } from './alarmText';

/** Comment drawer (SPEC §2): the alarm's comments, oldest first, and a form to add one (1-500 characters). */
export function CommentDrawer({ alarm, onClose }: { alarm: AlarmRecord | null; onClose: () => void }): ReactNode {
  const { t } = useTranslation('alarms');
  const { isMobile } = useResponsive();
  const [form] = Form.useForm<{ content: string }>();
  const comments = useAlarmComments(alarm?.id ?? null);
  const add = useAddComment();

  const submit = async ({ content }: { content: string }): Promise<void> => {
    if (!alarm) return;
    try {
      await add.mutateAsync({ alarmId: alarm.id, content: content.trim() });
      form.resetFields();
      feedback().message.success(t('comments.added'));
    } catch (error) {
      if (showServerFieldErrors(form, error, t)) return;
      if (isApiError(error)) feedback().message.warning(error.message);
    }
  };

  const records = comments.data ?? [];
  return (
    <Drawer
      open={alarm !== null}
      onClose={onClose}
      size={isMobile ? '100%' : 520}
      title={alarm ? t('comments.title', { device: alarm.deviceName || alarm.deviceId }) : ''}
      destroyOnHidden
      data-testid="comment-drawer"
    >
      {comments.isLoading ? (
        <Skeleton active />
      ) : comments.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('comments.error')}
          action={
            <Button size="small" onClick={() => void comments.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comments.empty')} />
      ) : (
        <List
          size="small"
          dataSource={records}
          data-testid="comment-list"
          renderItem={(c) => (
            <List.Item>
              <div style={{ width: '100%', minWidth: 0 }}>
                <Typography.Text type="secondary">
                  {t('comments.by', { who: c.createBy, when: formatAlarmTime(c.createTime) })}
                </Typography.Text>
                <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {c.content}
                </Typography.Paragraph>
              </div>
            </List.Item>
          )}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        style={{ marginTop: 16 }}
        data-testid="comment-form"
      >
        <Form.Item
          name="content"
          label={t('comments.add')}
          rules={[
            { required: true, whitespace: true, message: translateValidation('validation.required', t) },
            { max: PROCESS_CONTENT_MAX, message: translateValidation('validation.tooLong', t) },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={PROCESS_CONTENT_MAX} data-testid="comment-content" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="comment-submit">
          {t('comments.submit')}
        </Button>
      </Form>
    </Drawer>
  );
}
