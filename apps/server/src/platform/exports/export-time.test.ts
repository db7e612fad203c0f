import { describe, expect, it } from 'vitest';
import { utcOffsetLabel, zoneSuffix } from './export-time';

/** Times in export descriptions state their zone (the download center shows browser time). */
describe('export description times', () => {
  const start = Date.UTC(2026, 10, 25, 3, 0, 0); // 03:00 UTC = 11:00 in Shanghai

  it('labels the offset of a zone', () => {
    expect(utcOffsetLabel(start)).toBe('UTC+8');
    expect(utcOffsetLabel(start, 'UTC')).toBe('UTC');
    expect(utcOffsetLabel(start, 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(utcOffsetLabel(Date.UTC(2026, 0, 15), 'America/New_York')).toBe('UTC-5');
    expect(utcOffsetLabel(Date.UTC(2026, 6, 15), 'America/New_York')).toBe('UTC-4');
  });

  it('ends a description with the zone note in both languages', () => {
    expect(zoneSuffix('en-US', start)).toBe(' (UTC+8)');
    expect(zoneSuffix('zh-CN', start)).toBe('（UTC+8）');
    expect(zoneSuffix('en-US', start, 'UTC')).toBe(' (UTC)');
  });
});
