import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import styles from './announcements.module.css';

/** Editing commands of the toolbar (the browser's rich-text editing of a contenteditable box). */
const COMMANDS = [
  { cmd: 'bold', icon: <BoldOutlined />, key: 'bold' },
  { cmd: 'italic', icon: <ItalicOutlined />, key: 'italic' },
  { cmd: 'underline', icon: <UnderlineOutlined />, key: 'underline' },
  { cmd: 'insertOrderedList', icon: <OrderedListOutlined />, key: 'orderedList' },
  { cmd: 'insertUnorderedList', icon: <UnorderedListOutlined />, key: 'bulletList' },
] as const;

/**
 * A small rich-text field for announcement content (Form.Item value: HTML): bold, italic,
 * underline, lists and links. What it produces is only a proposal — the server sanitises the HTML
 * before storing it, so pasted scripts or handlers never survive.
 */
export function RichTextEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }): ReactNode {
  const { t } = useTranslation('announcements');
  const box = useRef<HTMLDivElement>(null);
  // the box is uncontrolled while typing; outside changes (form reset, loaded record) are copied in
  useEffect(() => {
    if (box.current && box.current.innerHTML !== (value ?? '')) box.current.innerHTML = value ?? '';
  }, [value]);
  const emit = (): void => onChange?.(box.current?.innerHTML ?? '');
  const run = (cmd: string, arg?: string): void => {
    box.current?.focus();
    document.execCommand(cmd, false, arg);
    emit();
  };
  const link = (): void => {
    const url = window.prompt(t('editor.linkPrompt'), 'https://');
    if (url && /^https?:\/\//i.test(url)) run('createLink', url);
  };
  return (
    <div>
      <div className={styles.toolbar}>
        {COMMANDS.map((c) => (
          <Tooltip key={c.cmd} title={t(`editor.${c.key}`)}>
            <Button
              type="text"
              size="small"
              icon={c.icon}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(c.cmd)}
              aria-label={t(`editor.${c.key}`)}
            />
          </Tooltip>
        ))}
        <Tooltip title={t('editor.link')}>
          <Button
            type="text"
            size="small"
            icon={<LinkOutlined />}
            onMouseDown={(e) => e.preventDefault()}
            onClick={link}
            aria-label={t('editor.link')}
          />
        </Tooltip>
      </div>
      <div
        ref={box}
        className={styles.editor}
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        role="textbox"
        aria-multiline
        data-testid="annt-content-editor"
      />
    </div>
  );
}
