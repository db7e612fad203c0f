import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_MS, timedMessages } from './timedMessages';

describe('timedMessages', () => {
  it('opens each message without antd countdown (duration 0) and closes it after 3 s on a timer', () => {
    const close = vi.fn();
    const open = vi.fn(() => Object.assign(close, { then: vi.fn() }));
    const timers: { fn: () => void; ms: number }[] = [];
    const messages = timedMessages({ open }, (fn, ms) => timers.push({ fn, ms }));

    messages.success('Welcome');
    messages.warning('Careful');

    expect(open).toHaveBeenNthCalledWith(1, { type: 'success', content: 'Welcome', duration: 0 });
    expect(open).toHaveBeenNthCalledWith(2, { type: 'warning', content: 'Careful', duration: 0 });
    expect(timers.map((t) => t.ms)).toEqual([MESSAGE_MS, MESSAGE_MS]);
    expect(close).not.toHaveBeenCalled();
    timers[0].fn();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
