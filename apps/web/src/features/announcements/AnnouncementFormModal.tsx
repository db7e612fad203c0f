import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Input, Radio, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AnnouncementRoutes, UserRoutes, type AnnouncementRecord, type UserRecord } from '@ztj/contracts';
import { CrudFormModal } from '../../platform/crud/CrudFormModal';
import { useRecordSave } from '../../platform/crud/useRecordSave';
import { callApi } from '../../platform/http/callApi';
import { UserPicker } from '../../platform/pickers/UserPicker';
import { showServerFieldErrors } from '../system/formErrors';
import { RichTextEditor } from './RichTextEditor';

interface Values {
  titile: string;
  msgAbstract?: string;
  msgContent?: string;
  priority: 'L' | 'M' | 'H';
  msgCategory: '1' | '2';
  msgType: 'ALL' | 'USER';
  openType?: 'url' | 'component' | '';
  openPage?: string;
  busId?: string;
}

/** Chosen recipients shown as tags, picked with the user picker (SPEC §2 widgets). */
function Recipients({ users, onChange }: { users: UserRecord[]; onChange: (u: UserRecord[]) => void }): ReactNode {
  const { t } = useTranslation('announcements');
  const [picking, setPicking] = useState(false);
  return (
    <Space wrap>
      {users.map((u) => (
        <Tag key={u.id} closable onClose={() => onChange(users.filter((x) => x.id !== u.id))}>
          {u.realname || u.username}
        </Tag>
      ))}
      <Button size="small" onClick={() => setPicking(true)} data-testid="annt-pick-users">
        {t('pickUsers')}
      </Button>
      {picking && (
        <UserPicker
          open
          multi
          value={users}
          onCancel={() => setPicking(false)}
          onOk={(picked) => {
            onChange(picked);
            setPicking(false);
          }}
        />
      )}
    </Space>
  );
}

/** Add / edit dialog of a draft announcement (JeecgBoot fields; content is sanitised by the server). */
export function AnnouncementFormModal({
  record,
  onClose,
  onSaved,
}: {
  record?: AnnouncementRecord;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { t } = useTranslation(['announcements', 'list', 'common']);
  const [form] = Form.useForm<Values>();
  const [users, setUsers] = useState<UserRecord[]>([]);
  const [usersError, setUsersError] = useState(false);
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);
  useEffect(() => {
    if (!record?.userIds) return;
    void callApi(UserRoutes.queryByIds, { query: { userIds: record.userIds }, silent: true }).then(
      setUsers,
      () => undefined,
    );
  }, [record?.userIds]);
  const required = { required: true, message: t('common:validation.required') };

  const { saving, save } = useRecordSave<Values>({
    form,
    t,
    onSaved,
    onClose,
    accept: (v) => {
      const hasRecipients = v.msgType !== 'USER' || users.length > 0;
      if (!hasRecipients) setUsersError(true);
      return hasRecipients;
    },
    send: (v) => {
      const body = {
        titile: v.titile,
        msgAbstract: v.msgAbstract || null,
        msgContent: v.msgContent || null,
        priority: v.priority,
        msgCategory: v.msgCategory,
        msgType: v.msgType,
        userIds: v.msgType === 'USER' ? users.map((u) => u.id).join(',') : null,
        openType: v.openType || null,
        openPage: v.openType ? v.openPage || null : null,
        busId: v.openType === 'component' ? v.busId || null : null,
      };
      return record
        ? callApi(AnnouncementRoutes.edit, { body: { ...body, id: record.id } })
        : callApi(AnnouncementRoutes.add, { body });
    },
    showFieldErrors: (error) => showServerFieldErrors(form, error, t),
  });

  return (
    <CrudFormModal<Values>
      editing={!!record}
      titles={{ add: t('add'), edit: t('edit') }}
      form={form}
      name="announcement"
      save={save}
      saving={saving}
      onCancel={onClose}
      width={800}
      modalProps={{ okButtonProps: { 'data-testid': 'annt-save' } as never }}
      initialValues={
        record
          ? {
              titile: record.titile,
              msgAbstract: record.msgAbstract ?? undefined,
              msgContent: record.msgContent ?? '',
              priority: record.priority,
              msgCategory: record.msgCategory as Values['msgCategory'],
              msgType: record.msgType as Values['msgType'],
              openType: (record.openType ?? '') as Values['openType'],
              openPage: record.openPage ?? undefined,
              busId: record.busId ?? undefined,
            }
          : { priority: 'L', msgCategory: '1', msgType: 'ALL', openType: '' }
      }
    >
      <Form.Item name="titile" label={t('titile')} rules={[required, { max: 100 }]}>
        <Input maxLength={100} data-testid="annt-title" />
      </Form.Item>
      <Form.Item name="msgAbstract" label={t('msgAbstract')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} maxLength={500} data-testid="annt-abstract" />
      </Form.Item>
      <Space wrap size="large" align="start">
        <Form.Item name="priority" label={t('priorityLabel')} rules={[required]}>
          <Radio.Group
            optionType="button"
            options={(['L', 'M', 'H'] as const).map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            data-testid="annt-priority"
          />
        </Form.Item>
        <Form.Item name="msgCategory" label={t('categoryLabel')} rules={[required]}>
          <Radio.Group
            options={[
              { value: '1', label: t('category.1') },
              { value: '2', label: t('category.2') },
            ]}
          />
        </Form.Item>
      </Space>
      <Form.Item name="msgType" label={t('msgTypeLabel')} rules={[required]}>
        <Radio.Group
          options={[
            { value: 'ALL', label: t('msgType.ALL') },
            { value: 'USER', label: t('msgType.USER') },
          ]}
          data-testid="annt-msg-type"
        />
      </Form.Item>
      {msgType === 'USER' && (
        <Form.Item
          label={t('recipients')}
          required
          validateStatus={usersError ? 'error' : undefined}
          help={usersError ? t('chooseUsers') : undefined}
        >
          <Recipients
            users={users}
            onChange={(u) => {
              setUsers(u);
              setUsersError(false);
            }}
          />
        </Form.Item>
      )}
      <Space wrap size="large" align="start">
        <Form.Item name="openType" label={t('openTypeLabel')}>
          <Select
            style={{ width: 160 }}
            options={[
              { value: '', label: t('openType.none') },
              { value: 'url', label: t('openType.url') },
              { value: 'component', label: t('openType.component') },
            ]}
          />
        </Form.Item>
        {openType && (
          <Form.Item
            name="openPage"
            label={t('openPage')}
            rules={[required, { pattern: /^(https?:\/\/|\/(?!\/))/i, message: t('openPageHint') }]}
            extra={t('openPageHint')}
          >
            <Input
              style={{ width: 'min(320px, 70vw)' }}
              maxLength={500}
              placeholder={openType === 'url' ? 'https://…' : '/waybill/list'}
            />
          </Form.Item>
        )}
        {openType === 'component' && (
          <Form.Item name="busId" label={t('busId')}>
            <Input style={{ width: 160 }} maxLength={64} />
          </Form.Item>
        )}
      </Space>
      <Form.Item name="msgContent" label={t('msgContent')}>
        <RichTextEditor />
      </Form.Item>
    </CrudFormModal>
  );
}
