import type { MessageInstance } from 'antd/es/message/interface';
import type { FeedbackApi } from './feedback';

/** How long a message stays up (antd's default). */
export const MESSAGE_MS = 3_000;

type MessageKind = keyof FeedbackApi['message'];

/**
 * Messages that close on a plain timer. antd 6 counts a notice's duration down by setting state on
 * every animation frame, and each of those updates throws away the concurrent render in progress
 * (a router transition, a Suspense retry): for the 3 s a toast was up, anything that took longer
 * than a frame to render waited for it — the console shell after the sign-in's welcome toast.
 * A notice opened with duration 0 has no countdown; the timer here closes it.
 */
export function timedMessages(
  message: Pick<MessageInstance, 'open'>,
  schedule: (close: () => void, ms: number) => void = (close, ms) => window.setTimeout(close, ms),
): FeedbackApi['message'] {
  const show = (type: MessageKind) => (content: string) => {
    const close = message.open({ type, content, duration: 0 });
    schedule(() => close(), MESSAGE_MS);
    return close;
  };
  return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
}
