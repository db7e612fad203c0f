import type { ModalFuncProps } from 'antd';
import type { ArgsProps as NotificationArgs } from 'antd/es/notification/interface';
import { create } from 'zustand';

/** The antd functions the host hands over (from `App.useApp()`), as far as the console uses them. */
export interface FeedbackApi {
  message: Record<'success' | 'error' | 'warning' | 'info', (content: string) => unknown>;
  notification: Record<'success' | 'error' | 'warning' | 'info', (args: NotificationArgs) => unknown>;
  modal: Record<'confirm' | 'error' | 'warning' | 'info' | 'success', (config: ModalFuncProps) => unknown>;
}

/** What callers use: the same shape, fire-and-forget. */
export interface Feedback {
  message: Record<keyof FeedbackApi['message'], (content: string) => void>;
  notification: Record<keyof FeedbackApi['notification'], (args: NotificationArgs) => void>;
  modal: Record<keyof FeedbackApi['modal'], (config: ModalFuncProps) => void>;
}

type Call = (api: FeedbackApi) => void;

let api: FeedbackApi | null = null;
const pending: Call[] = [];

/** True once something asked for feedback; the app then mounts the (lazily loaded) host. */
export const useFeedbackHostWanted = create<{ wanted: boolean }>(() => ({ wanted: false }));

function run(call: Call): void {
  if (api) {
    call(api);
    return;
  }
  pending.push(call);
  if (!useFeedbackHostWanted.getState().wanted) useFeedbackHostWanted.setState({ wanted: true });
}

/**
 * Called by `FeedbackHost` (inside antd's `<App>`, so messages follow theme and locale) once
 * mounted; runs what was asked before it loaded.
 */
export function setFeedbackApi(next: FeedbackApi | null): void {
  api = next;
  if (next) for (const call of pending.splice(0)) call(next);
}

const METHODS = {
  message: ['success', 'error', 'warning', 'info'],
  notification: ['success', 'error', 'warning', 'info'],
  modal: ['confirm', 'error', 'warning', 'info', 'success'],
} as const;

function group<K extends keyof typeof METHODS>(kind: K): Feedback[K] {
  const out: Record<string, (arg: never) => void> = {};
  for (const method of METHODS[kind]) {
    out[method] = (arg: never) => run((a) => (a[kind] as Record<string, (x: never) => unknown>)[method](arg));
  }
  return out as unknown as Feedback[K];
}

const FEEDBACK: Feedback = { message: group('message'), notification: group('notification'), modal: group('modal') };

/**
 * Messages, notifications and modal dialogs for any code, inside or outside React (HTTP client,
 * session flows). antd's feedback components load on first use, so the login page does not carry
 * them until something is to be said.
 */
export function feedback(): Feedback {
  return FEEDBACK;
}
