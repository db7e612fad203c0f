import type { TFunction } from 'i18next';
import { feedback } from '../feedback/feedback';

/** Translated words of {@link confirmRowDelete}'s dialog and its success message. */
export interface ConfirmDeleteTexts {
  title: string;
  content: string;
  ok: string;
  cancel: string;
  /** The message after the row went away. */
  done: string;
}

/** What {@link confirmRowDelete} asks about and does. */
export interface ConfirmRowDelete {
  texts: ConfirmDeleteTexts;
  /** Test id of the danger "OK" button, when a flow clicks it. */
  okTestId?: string;
  /** Removes the row (the dialog's OK spins until it settles; a failure keeps the dialog open). */
  remove: () => Promise<unknown>;
  /** After a successful removal, e.g. the list's paging rule and refetch. */
  onDone: () => void | Promise<void>;
}

/** Asks before a row is removed (a danger OK), removes it, says so and lets the list follow. */
export function confirmRowDelete({ texts, okTestId, remove, onDone }: ConfirmRowDelete): void {
  feedback().modal.confirm({
    title: texts.title,
    content: texts.content,
    okButtonProps: (okTestId ? { danger: true, 'data-testid': okTestId } : { danger: true }) as never,
    okText: texts.ok,
    cancelText: texts.cancel,
    onOk: async () => {
      await remove();
      feedback().message.success(texts.done);
      await onDone();
    },
  });
}

/**
 * The dialog's words by the feature namespaces' common layout: `<section>.deleteTitle`,
 * `<section>.deleteContent` (with `{{name}}`), `actions.delete`, `actions.cancel`, `actions.deleted`.
 */
export function sectionDeleteTexts(t: TFunction, section: string, name: string): ConfirmDeleteTexts {
  return {
    title: t(`${section}.deleteTitle`),
    content: t(`${section}.deleteContent`, { name }),
    ok: t('actions.delete'),
    cancel: t('actions.cancel'),
    done: t('actions.deleted'),
  };
}
