import { useEffect, type ReactNode } from 'react';
import { App } from 'antd';
import { setFeedbackApi } from './feedback';
import { timedMessages } from './timedMessages';

function Bridge(): null {
  const { message, notification, modal } = App.useApp();
  useEffect(() => {
    setFeedbackApi({ message: timedMessages(message), notification, modal });
    return () => setFeedbackApi(null);
  }, [message, notification, modal]);
  return null;
}

/** antd's `<App>` context for feedback; loaded lazily on the first message (see `feedback()`). */
export function FeedbackHost(): ReactNode {
  return (
    <App component={false}>
      <Bridge />
    </App>
  );
}
