import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize';

describe('formatFileSize', () => {
  it('picks the largest 1024 unit and keeps one decimal', () => {
    expect(formatFileSize(0, 'en-US')).toBe('0 byte');
    expect(formatFileSize(1023, 'en-US')).toBe('1,023 byte');
    expect(formatFileSize(1536, 'en-US')).toBe('1.5 kB');
    expect(formatFileSize(5 * 1024 * 1024, 'en-US')).toBe('5 MB');
    expect(formatFileSize(3.25 * 1024 ** 3, 'zh-CN')).toBe('3.3 GB');
  });

  it('shows a dash when the size was not recorded', () => {
    expect(formatFileSize(null, 'zh-CN')).toBe('—');
  });
});
