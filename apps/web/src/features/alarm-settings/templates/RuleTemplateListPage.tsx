import { useState, type ReactNode } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ALARM_SETTINGS_PERMS, AlarmSettingsRoutes, RULE_CATEGORIES, type RuleTemplateRecord } from '@ztj/contracts';
import { AlertedListPage } from '../../../platform/crud/AlertedListPage';
import { epochTimeColumn, yesNoTagColumn } from '../../../platform/crud/crudColumns';
import { useSectionList } from '../../../platform/crud/useSectionList';
import { LinkActions } from '../../../platform/crud/LinkActions';
import { useResponsive } from '../../../platform/responsive/useResponsive';
import { useDeleteByIds, useParamDefaults } from '../api';
import { conditionsSummary } from '../conditionText';
import { usePlaceNames } from '../conditions/usePlaceOptions';
import { SeverityTag, severityOptions } from '../SeverityTag';
import { WrapText } from '../../../platform/list/WrapText';
import { BindModal } from './BindModal';
import { TemplateFormDrawer } from './TemplateFormDrawer';

/**
 * Settings → rule templates (`settings/RuleTemplateList`; SPEC §2, §7 parameter templates): list
 * with name, category, severity in its colour, the conditions in words, bound device / group
 * counts and enabled; add / edit in a drawer with the condition editor, bind, delete after
 * confirmation. Buttons follow ALARM_SETTINGS_PERMS.
 */
export function RuleTemplateListPage(): ReactNode {
  const { t, i18n } = useTranslation('alarmSettings');
  const defaults = useParamDefaults();
  const places = usePlaceNames();
  const { isMobile } = useResponsive();
  const [editing, setEditing] = useState<RuleTemplateRecord | 'new' | null>(null);
  const [binding, setBinding] = useState<RuleTemplateRecord | null>(null);
  const { list, listError, confirmDelete } = useSectionList({
    route: AlarmSettingsRoutes.templateList,
    permissionPrefix: 'template',
    sourceKey: '/settings/templates',
    remover: useDeleteByIds(AlarmSettingsRoutes.templateDelete),
    t,
    section: 'templates',
  });

  const columns: ColumnsType<RuleTemplateRecord> = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      render: (v: string, r) => (
        <>
          <WrapText>{v}</WrapText>
          {isMobile && (
            <div>
              <SeverityTag severity={r.severity} />
            </div>
          )}
        </>
      ),
    },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      key: 'category',
      width: 110,
      responsive: ['md'],
      render: (v: string) => t(`category.${v}`),
    },
    {
      title: t('fields.severity'),
      dataIndex: 'severity',
      key: 'severity',
      width: 100,
      responsive: ['md'],
      render: (_: unknown, r) => <SeverityTag severity={r.severity} />,
    },
    {
      title: t('fields.conditions'),
      key: 'conditions',
      responsive: ['md'],
      render: (_: unknown, r) => (
        <Typography.Text style={{ maxWidth: 360, display: 'inline-block' }} data-testid={`summary-${r.id}`}>
          {conditionsSummary(r.content.conditions, t, defaults, i18n.language, places)}
        </Typography.Text>
      ),
    },
    {
      title: t('fields.bound'),
      key: 'bound',
      width: 140,
      responsive: ['md'],
      render: (_: unknown, r) => (
        <span data-testid={`bound-${r.id}`}>
          {t('templates.boundCounts', { devices: r.deviceCount, groups: r.groupCount })}
        </span>
      ),
    },
    yesNoTagColumn(
      t('fields.enabled'),
      'enabled',
      { yes: t('common.yes'), no: t('common.no') },
      { responsive: ['md'] },
    ),
    epochTimeColumn(t('fields.createTime'), 'createTime', { responsive: ['md'] }),
    {
      title: t('fields.actions'),
      key: 'actions',
      fixed: 'right',
      width: 112,
      render: (_: unknown, r) => (
        <LinkActions
          actions={[
            {
              key: 'edit',
              label: t('actions.edit'),
              permission: ALARM_SETTINGS_PERMS.templateEdit,
              onClick: () => setEditing(r),
              testId: `edit-${r.id}`,
            },
            {
              key: 'bind',
              label: t('actions.bind'),
              permission: ALARM_SETTINGS_PERMS.templateBind,
              onClick: () => setBinding(r),
              testId: `bind-${r.id}`,
            },
            {
              key: 'delete',
              label: t('actions.delete'),
              permission: ALARM_SETTINGS_PERMS.templateDelete,
              danger: true,
              onClick: () => confirmDelete(r),
              testId: `delete-${r.id}`,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <AlertedListPage<RuleTemplateRecord>
        testId="rule-templates"
        list={list}
        error={listError}
        errorIn="empty"
        texts={{ empty: t('templates.empty') }}
        onAdd={() => setEditing('new')}
        queryFields={[
          { name: 'name', label: t('fields.name'), kind: 'text' },
          {
            name: 'category',
            label: t('fields.category'),
            kind: 'select',
            options: RULE_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) })),
          },
          { name: 'severity', label: t('fields.severity'), kind: 'select', options: severityOptions(t) },
        ]}
        columns={columns}
      />
      <TemplateFormDrawer template={editing} onClose={() => setEditing(null)} />
      <BindModal template={binding} onClose={() => setBinding(null)} />
    </>
  );
}
