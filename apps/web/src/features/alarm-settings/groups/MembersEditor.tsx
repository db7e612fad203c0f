import { useState, type ReactNode } from 'react';
import { Button, Card, Checkbox, Col, Form, Input, Row, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UserPicker } from '../../../platform/pickers/UserPicker';
import { bitsOf, maskOf, newContact, PUSH_MODE_BITS, type MemberForm } from './groupForm';

/**
 * Members of a recipient group (Form.List `members`): console users from the user picker or
 * outside contacts with name, phone, e-mail and WeChat openid; push mode checkboxes SMS / WeChat /
 * e-mail (bitmask 1/2/4). One card per member, inputs stack on phones.
 */
export function MembersEditor(): ReactNode {
  const { t } = useTranslation('alarmSettings');
  const form = Form.useFormInstance();
  const [picking, setPicking] = useState(false);
  const modes = PUSH_MODE_BITS.map((b) => ({ value: b, label: t(`pushMode.${b}`) }));
  return (
    <Form.List name="members">
      {(fields, { add, remove }) => (
        <div data-testid="members">
          {fields.length === 0 && <Typography.Paragraph type="secondary">{t('groups.noMembers')}</Typography.Paragraph>}
          {fields.map((field) => {
            const member = form.getFieldValue(['members', field.name]) as MemberForm | undefined;
            const isUser = !!member?.userId;
            return (
              <Card
                key={field.key}
                size="small"
                style={{ marginBottom: 8 }}
                data-testid={`member-${field.name}`}
                title={isUser ? <Tag color="blue">{t('groups.consoleUser')}</Tag> : <Tag>{t('groups.contact')}</Tag>}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('actions.delete')}
                    onClick={() => remove(field.name)}
                  />
                }
              >
                <Row gutter={12}>
                  <Col xs={24} sm={12} md={6}>
                    <Form.Item name={[field.name, 'name']} label={t('groups.memberName')}>
                      <Input disabled={isUser} maxLength={50} data-testid={`member-${field.name}-name`} />
                    </Form.Item>
                  </Col>
                  {!isUser && (
                    <>
                      <Col xs={24} sm={12} md={6}>
                        <Form.Item name={[field.name, 'phone']} label={t('groups.phone')}>
                          <Input maxLength={20} data-testid={`member-${field.name}-phone`} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} sm={12} md={6}>
                        <Form.Item name={[field.name, 'email']} label={t('groups.email')}>
                          <Input maxLength={100} data-testid={`member-${field.name}-email`} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} sm={12} md={6}>
                        <Form.Item name={[field.name, 'wechatOpenId']} label={t('groups.openid')}>
                          <Input maxLength={64} data-testid={`member-${field.name}-openid`} />
                        </Form.Item>
                      </Col>
                    </>
                  )}
                  <Col xs={24}>
                    <Form.Item
                      name={[field.name, 'pushMode']}
                      label={t('groups.pushMode')}
                      getValueProps={(v: number) => ({ value: bitsOf(v) })}
                      normalize={(v: number[]) => maskOf(v)}
                    >
                      <Checkbox.Group options={modes} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Space wrap>
            <Button icon={<UserAddOutlined />} onClick={() => setPicking(true)} data-testid="member-add-user">
              {t('groups.addUser')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => add(newContact())} data-testid="member-add-contact">
              {t('groups.addContact')}
            </Button>
          </Space>
          {picking && (
            <UserPicker
              open
              multi
              onCancel={() => setPicking(false)}
              onOk={(users) => {
                const have = new Set(
                  ((form.getFieldValue('members') as MemberForm[] | undefined) ?? []).map((m) => m.userId),
                );
                for (const u of users)
                  if (!have.has(u.id))
                    add({
                      userId: u.id,
                      name: u.realname,
                      phone: '',
                      email: '',
                      wechatOpenId: '',
                      pushMode: 1,
                    } satisfies MemberForm);
                setPicking(false);
              }}
            />
          )}
        </div>
      )}
    </Form.List>
  );
}
