import { useState, type ReactNode } from 'react';
import { Alert, Grid, Input, Modal, Tabs, type ButtonProps } from 'antd';
import { quartzCronIssues, VALIDATION_MESSAGES, type Language } from '@ztj/contracts';
import { useTranslation } from 'react-i18next';
import { builderStateOf, modelOf, type BuilderState, type FieldState } from './cronBuilderState';
import { CronDayTab } from './CronDayTab';
import { CronFieldTab } from './CronFieldTab';
import { CronPreview } from './CronPreview';
import { CronTabBar } from './CronTabBar';
import { DEFAULT_CRON, formatQuartzCron, parseQuartzCron, type PlainPart } from './quartzCron';

/** Width of the cron dialog (SPEC §9 "cron modal 608"). */
export const CRON_MODAL_WIDTH = 608;

interface CronBuilderModalProps {
  /** Expression to open with (parsed back into the modes); defaults when empty or not representable. */
  value?: string | null;
  /** Submit: emits the expression and closes (SPEC §4). */
  onOk: (expression: string) => void;
  onCancel: () => void;
}

/**
 * The reusable cron expression builder dialog (SPEC §2 widgets, §4 cron builder, §5 bounds, §9 width
 * 608): one tab per field (second, minute, hour, day incl. the weekday modes, month, year), the
 * expression (editable: typing it re-reads the tabs), its description and next five fire times.
 * On phones (below antd's `sm`, 576 px) the six field tabs wrap onto a second line instead of
 * hiding in an overflow menu.
 */
export function CronBuilderModal({ value, onOk, onCancel }: CronBuilderModalProps): ReactNode {
  const { t, i18n } = useTranslation('quartz');
  const initial = (value && parseQuartzCron(value)) || parseQuartzCron(DEFAULT_CRON)!;
  const [state, setState] = useState<BuilderState>(() => builderStateOf(initial));
  const [typed, setTyped] = useState<string | null>(value && !parseQuartzCron(value) ? value : null);
  const [tab, setTab] = useState('second');
  const narrow = Grid.useBreakpoint().xs === true;
  const expression = typed ?? formatQuartzCron(modelOf(state));
  const issues = quartzCronIssues(expression);
  const lang = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Language;

  const update = (next: BuilderState): void => {
    setState(next);
    setTyped(null);
  };
  const plain = (part: PlainPart) => ({
    key: part,
    label: t(`cron.tab.${part}`),
    children: (
      <CronFieldTab part={part} state={state[part]} onChange={(s: FieldState) => update({ ...state, [part]: s })} />
    ),
  });
  const tabs = [
    plain('second'),
    plain('minute'),
    plain('hour'),
    {
      key: 'day',
      label: t('cron.tab.day'),
      children: <CronDayTab state={state.day} onChange={(day) => update({ ...state, day })} />,
    },
    plain('month'),
    plain('year'),
  ];
  const onType = (text: string): void => {
    const model = parseQuartzCron(text);
    if (model) {
      setState(builderStateOf(model));
      setTyped(formatQuartzCron(model) === text.trim() ? null : text);
    } else setTyped(text);
  };
  return (
    <Modal
      open
      title={t('cron.title')}
      rootClassName="cron-builder"
      width={CRON_MODAL_WIDTH}
      onCancel={onCancel}
      onOk={() => onOk(expression.trim())}
      okButtonProps={{ disabled: issues.length > 0, 'data-testid': 'cron-ok' } as ButtonProps}
      destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
    >
      <Tabs
        size="small"
        activeKey={tab}
        onChange={setTab}
        items={tabs}
        renderTabBar={narrow ? () => <CronTabBar items={tabs} activeKey={tab} onChange={setTab} /> : undefined}
      />
      <Input
        addonBefore={t('cron.expression')}
        value={expression}
        onChange={(e) => onType(e.target.value)}
        data-testid="cron-expression"
        style={{ margin: '12px 0 8px' }}
      />
      {typed !== null && issues.length === 0 && (
        <Alert type="info" showIcon message={t('cron.notInModes')} style={{ marginBottom: 8 }} />
      )}
      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          message={issues.map((i) => VALIDATION_MESSAGES[i.key][lang]).join('；')}
          style={{ marginBottom: 8 }}
        />
      )}
      <CronPreview expression={expression} />
    </Modal>
  );
}
