import { useState, type ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SHARE_PERMS, ShareRoutes, type ShareRecord } from '@ztj/contracts';
import { feedback } from '../../../platform/feedback/feedback';
import { AlertedListPage } from '../../../platform/crud/AlertedListPage';
import { useListPage } from '../../../platform/list/useListPage';
import { Authorized } from '../../../platform/permissions/Authorized';
import { useListError } from '../../../platform/list/useListError';
import { WrapText } from '../../../platform/list/WrapText';
import { useUnbindShare } from './api';
import { ShareDetailDrawer } from './ShareDetailDrawer';
import { ShareFormModal } from './ShareFormModal';
import { formatShareTime, ShareStatusTag } from './shareFormat';

/**
 * Share list (`share/ShareList`; SPEC §2 share list, §7 shares): the tenant's
 * shares on the generic list; add and edit in a modal, devices and the access log in the detail
 * drawer, end a share after confirmation; buttons by SHARE_PERMS.
 */
export function ShareListPage(): ReactNode {
  const { t } = useTranslation('shares');
  const [editing, setEditing] = useState<ShareRecord | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useListPage({ route: ShareRoutes.list, permissionPrefix: 'share', sourceKey: '/share/list' });
  const listError = useListError(ShareRoutes.list.path);
  const unbind = useUnbindShare();

  const confirmEnd = (s: ShareRecord): void => {
    feedback().modal.confirm({
      title: t('end.title'),
      content: t('end.content', { name: s.receiverRealname || s.receiverUsername }),
      okButtonProps: { danger: true, 'data-testid': 'share-end-ok' } as never,
      okText: t('actions.end'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await unbind.mutateAsync(s.id);
        feedback().message.success(t('end.done'));
        await list.reload();
      },
    });
  };

  const columns: ColumnsType<ShareRecord> = [
    {
      title: t('fields.receiver'),
      dataIndex: 'receiverUsername',
      key: 'receiverUsername',
      sorter: true,
      render: (_: unknown, s) => (
        <a onClick={() => setOpenId(s.id)} data-testid="share-open">
          <WrapText>
            {s.receiverRealname && s.receiverRealname !== s.receiverUsername
              ? `${s.receiverRealname} (${s.receiverUsername})`
              : s.receiverUsername}
          </WrapText>
        </a>
      ),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      key: 'status',
      width: 96,
      render: (_: unknown, s) => <ShareStatusTag status={s.status} t={t} />,
    },
    { title: t('fields.deviceCount'), dataIndex: 'deviceCount', key: 'deviceCount', sorter: true, width: 90 },
    {
      title: t('fields.expireTime'),
      dataIndex: 'expireTime',
      key: 'expireTime',
      sorter: true,
      width: 170,
      responsive: ['sm'],
      render: (v: number | null) => formatShareTime(v, t('noExpiry')),
    },
    {
      title: t('fields.note'),
      dataIndex: 'note',
      key: 'note',
      responsive: ['md'],
      render: (v: string) => <Typography.Text type="secondary">{v || '—'}</Typography.Text>,
    },
    { title: t('fields.createBy'), dataIndex: 'createBy', key: 'createBy', sorter: true, responsive: ['lg'] },
    {
      title: t('fields.createTime'),
      dataIndex: 'createTime',
      key: 'createTime',
      sorter: true,
      width: 170,
      responsive: ['xl'],
      render: (v: number) => formatShareTime(v),
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_: unknown, s) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setOpenId(s.id)}>
            {t('actions.detail')}
          </Button>
          {s.status !== 'ended' && (
            <Authorized action={SHARE_PERMS.edit}>
              <Button type="link" size="small" onClick={() => setEditing(s)}>
                {t('actions.edit')}
              </Button>
            </Authorized>
          )}
          {s.status !== 'ended' && (
            <Authorized action={SHARE_PERMS.unbind}>
              <Button type="link" size="small" danger onClick={() => confirmEnd(s)} data-testid="share-end">
                {t('actions.end')}
              </Button>
            </Authorized>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <AlertedListPage<ShareRecord>
        testId="shares"
        list={list}
        error={listError}
        texts={{ loadFailed: t('loadFailed'), retry: t('actions.retry'), empty: t('empty') }}
        onAdd={() => setEditing('new')}
        queryFields={[
          { name: 'receiverUsername', label: t('fields.account'), kind: 'text' },
          { name: 'note', label: t('fields.note'), kind: 'text' },
        ]}
        columns={columns}
      />
      <ShareFormModal share={editing} onClose={() => setEditing(null)} />
      <ShareDetailDrawer shareId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
