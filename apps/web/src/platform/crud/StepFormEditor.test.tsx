import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { TFunction } from 'i18next';
import { setupEnglishUi, stubLayoutApis, withProviders } from '../../test/jsdom';
import { setFeedbackApi, type FeedbackApi } from '../feedback/feedback';
import type { FieldEntry } from '../forms/formIssues';
import { StepFormEditor, useStepForm } from './StepFormEditor';

stubLayoutApis();
setupEnglishUi('list');
const success = vi.fn();
beforeAll(() => {
  const noop = { success, error: vi.fn(), warning: vi.fn(), info: vi.fn() };
  setFeedbackApi({ message: noop, notification: noop, modal: { ...noop, confirm: vi.fn() } } as unknown as FeedbackApi);
});

interface Values {
  first?: string;
  second?: string;
}

/** Field `first` on step 0, `second` on step 1, both required. */
function validate(v: Values): { body: Values; errors: FieldEntry[] } {
  const errors: FieldEntry[] = [];
  if (!v.first) errors.push({ name: ['first'], errors: ['first is required'] });
  if (!v.second) errors.push({ name: ['second'], errors: ['second is required'] });
  return { body: v, errors };
}

function Editor({ send, onSaved }: { send: (v: Values) => Promise<Values>; onSaved: () => void }): ReactNode {
  const [form] = Form.useForm<Values>();
  const steps = useStepForm({
    form,
    t: ((k: string) => k) as TFunction,
    stepOf: (name) => (name[0] === 'first' ? 0 : 1),
    validate,
    send,
    savedText: 'Saved',
    onSaved,
  });
  return (
    <StepFormEditor<Values>
      form={form}
      steps={steps}
      testId="thing"
      title="Thing"
      stepTitles={['One', 'Two']}
      loading={false}
      saving={false}
      texts={{ cancel: 'Cancel', back: 'Back', prev: 'Previous', next: 'Next', save: 'Save' }}
      onLeave={() => undefined}
      panes={[
        <Form.Item key="first" name="first" label="First">
          <Input data-testid="first" />
        </Form.Item>,
        <Form.Item key="second" name="second" label="Second">
          <Input data-testid="second" />
        </Form.Item>,
      ]}
    />
  );
}

describe('step form editor', () => {
  it('checks only the current step on next, then saves the whole form', async () => {
    const send = vi.fn((v: Values) => Promise.resolve(v));
    const onSaved = vi.fn();
    render(withProviders(<Editor send={send} onSaved={onSaved} />));
    fireEvent.click(screen.getByTestId('thing-next'));
    await screen.findByText('first is required');
    expect(screen.queryByTestId('thing-save')).toBeNull();
    fireEvent.change(screen.getByTestId('first'), { target: { value: 'a' } });
    fireEvent.click(screen.getByTestId('thing-next'));
    await waitFor(() => expect(screen.getByTestId('thing-save')).toBeTruthy());
    expect(screen.queryByText('second is required')).toBeNull();
    fireEvent.change(screen.getByTestId('second'), { target: { value: 'b' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ first: 'a', second: 'b' }));
    expect(success).toHaveBeenCalledWith('Saved');
  });

  it('goes back to the first step holding an error when save finds one', async () => {
    const send = vi.fn((v: Values) => Promise.resolve(v));
    render(withProviders(<Editor send={send} onSaved={() => undefined} />));
    fireEvent.change(screen.getByTestId('first'), { target: { value: 'a' } });
    fireEvent.click(screen.getByTestId('thing-next'));
    await waitFor(() => expect(screen.getByTestId('thing-save')).toBeTruthy());
    fireEvent.change(screen.getByTestId('first'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('second'), { target: { value: 'b' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    await screen.findByText('first is required');
    expect(screen.getByTestId('thing-next')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });
});
