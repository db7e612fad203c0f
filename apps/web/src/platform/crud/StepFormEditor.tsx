import { useState, type ReactNode } from 'react';
import { Button, Card, Form, Result, Space, Spin, Steps, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { feedback } from '../feedback/feedback';
import { isApiError } from '../http/ApiError';
import { clearFieldErrors, serverErrorsToFields, showFieldErrors, type FieldEntry } from '../forms/formIssues';

/** Options of {@link useStepForm}. */
export interface UseStepForm<V, B, R> {
  form: FormInstance<V>;
  /** A `t` for the server's field messages. */
  t: TFunction;
  /** The step (0-based) holding the field `name`. */
  stepOf: (name: readonly (string | number)[]) => number;
  /** Checks all the form's values (usually with the contract): the body and every field error. */
  validate: (values: V) => { body: B; errors: FieldEntry[] };
  /** Sends the checked body (add or edit). */
  send: (body: B) => Promise<R>;
  /** The message after a save. */
  savedText: string;
  /** After the save and its message (open the record, show a done step). */
  onSaved: (saved: R) => void;
}

/** The state of a step form: the current step and its moves. */
export interface StepForm {
  step: number;
  setStep: (step: number) => void;
  /** Checks the current step's fields; without errors, goes to the next step. */
  next: () => void;
  /**
   * Checks every field, then sends. Field errors (the client's, or the server's code 400) take the
   * form back to the first step holding one and show them there; other failures show as a message.
   */
  submit: () => Promise<void>;
}

/** The steps of a multi-step add / edit page (SPEC §2 edit steps) over one antd form. */
export function useStepForm<V, B, R>(opts: UseStepForm<V, B, R>): StepForm {
  const { form, t, stepOf } = opts;
  const [step, setStep] = useState(0);
  const check = (): { body: B; errors: FieldEntry[] } => {
    clearFieldErrors(form);
    return opts.validate(form.getFieldsValue(true) as V);
  };
  const goToErrors = (entries: FieldEntry[]): void => {
    setStep(Math.min(...entries.map((e) => stepOf(e.name))));
    setTimeout(() => showFieldErrors(form, entries));
  };
  const next = (): void => {
    const errors = check().errors.filter((e) => stepOf(e.name) === step);
    if (showFieldErrors(form, errors) === 0) setStep(step + 1);
  };
  const submit = async (): Promise<void> => {
    const { body, errors } = check();
    if (errors.length > 0) return goToErrors(errors);
    try {
      const saved = await opts.send(body);
      feedback().message.success(opts.savedText);
      opts.onSaved(saved);
    } catch (error) {
      const entries = isApiError(error) ? serverErrorsToFields(error.errors, t) : [];
      if (entries.length > 0) return goToErrors(entries);
      feedback().message.error(error instanceof Error ? error.message : String(error));
    }
  };
  return { step, setStep, next, submit };
}

/** Props of {@link StepFormEditor}. */
export interface StepFormEditorProps<V> {
  form: FormInstance<V>;
  steps: StepForm;
  /** Prefix of the test ids: `<testId>-edit` (card), `-form`, `-next`, `-save`. */
  testId: string;
  title: string;
  /** Titles of the steps shown in the bar; may be more than the form's panes (a done step). */
  stepTitles: readonly string[];
  /** The form's panes, one a step: only the current one is shown, all stay mounted. */
  panes: readonly ReactNode[];
  /** The record is loading: the page spins. */
  loading: boolean;
  /** The record could not be loaded: an error page with a back button instead of the form. */
  loadError?: { title: string; message: string } | null;
  saving: boolean;
  texts: { cancel: string; back: string; prev: string; next: string; save: string };
  /** Cancel and back: leave the page (to the list). */
  onLeave: () => void;
  /** Shown below the form (a done step's result). */
  children?: ReactNode;
}

/**
 * A multi-step add / edit page: a card with the steps bar (earlier steps can be clicked while the
 * form is shown), one vertical form whose panes show one at a time, then cancel, previous, next
 * and, on the last pane, save. Once the step is past the last pane (a done step) the buttons go.
 */
export function StepFormEditor<V>(props: StepFormEditorProps<V>): ReactNode {
  const { form, steps, testId, panes, texts } = props;
  const { step, setStep } = steps;
  const last = panes.length - 1;
  if (props.loadError) {
    return (
      <Result
        status="error"
        title={props.loadError.title}
        subTitle={props.loadError.message}
        extra={<Button onClick={props.onLeave}>{texts.back}</Button>}
      />
    );
  }
  return (
    <Spin spinning={props.loading}>
      <Card size="small" title={props.title} data-testid={`${testId}-edit`}>
        <Steps
          current={step}
          onChange={(n) => (n < step && step <= last ? setStep(n) : undefined)}
          size="small"
          style={{ marginBottom: 16 }}
          items={props.stepTitles.map((title) => ({ title }))}
        />
        <Form form={form} layout="vertical" preserve data-testid={`${testId}-form`}>
          {panes.map((pane, i) => (
            <div key={i} style={{ display: step === i ? undefined : 'none' }}>
              {pane}
            </div>
          ))}
        </Form>
        {props.children}
        {step <= last && (
          <Space wrap style={{ marginTop: 16 }}>
            <Button onClick={props.onLeave}>{texts.cancel}</Button>
            {step > 0 && <Button onClick={() => setStep(step - 1)}>{texts.prev}</Button>}
            {step < last && (
              <Button type="primary" onClick={steps.next} data-testid={`${testId}-next`}>
                {texts.next}
              </Button>
            )}
            {step === last && (
              <Button
                type="primary"
                loading={props.saving}
                onClick={() => void steps.submit()}
                data-testid={`${testId}-save`}
              >
                {texts.save}
              </Button>
            )}
          </Space>
        )}
      </Card>
    </Spin>
  );
}
