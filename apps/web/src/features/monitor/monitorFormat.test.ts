import { describe, expect, it } from 'vitest';
import { NONE, formatBytes, formatDelay, formatDuration, formatNumber } from './monitorFormat';

describe('monitoring units', () => {
  it('shows bytes in 1024 steps up to TB, and nothing for an unknown size', () => {
    expect(formatBytes(512, 'en-US')).toBe('512B');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(7_684_219, 'en-US')).toBe('7.3 MB');
    expect(formatBytes(3 * 1024 ** 3, 'zh-CN')).toBe('3 GB');
    expect(formatBytes(5 * 1024 ** 5, 'en-US')).toBe('5,120 TB');
    expect(formatBytes(null, 'en-US')).toBe(NONE);
  });

  it('shows seconds as days, hours and minutes in both languages', () => {
    expect(formatDuration(42, 'en-US')).toBe('42s');
    expect(formatDuration(125, 'en-US')).toBe('2m');
    expect(formatDuration(3 * 3600 + 60, 'en-US')).toBe('3h 1m');
    expect(formatDuration(2 * 86_400 + 5 * 60, 'en-US')).toBe('2d 0h 5m');
    expect(formatDuration(86_400 + 3600 + 60, 'zh-CN')).toBe('1天 1小时 1分钟');
  });

  it('shows delays in ms below a second, and counts with grouping', () => {
    expect(formatDelay(0.0123, 'en-US')).toBe('12.3 ms');
    expect(formatDelay(2.5, 'en-US')).toBe('2.5 sec');
    expect(formatDelay(null, 'en-US')).toBe(NONE);
    expect(formatNumber(1_234_567, 'en-US')).toBe('1,234,567');
    expect(formatNumber(3.14159, 'zh-CN', 1)).toBe('3.1');
  });
});
