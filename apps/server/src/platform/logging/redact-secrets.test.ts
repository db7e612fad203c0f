import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets';

describe('redactSecrets (tokens never in logs)', () => {
  it('replaces the values of secret query parameters in URLs and messages', () => {
    expect(redactSecrets('/ztj-iot/websocket/1?token=abc&tenantId=2')).toBe(
      '/ztj-iot/websocket/1?token=[REDACTED]&tenantId=2',
    );
    expect(redactSecrets('Route GET:/x?pageNo=1&X-Access-Token=abc not found')).toBe(
      'Route GET:/x?pageNo=1&X-Access-Token=[REDACTED] not found',
    );
    expect(redactSecrets('/a?password=p&access%5Ftoken=t&code=1&dictCode=sex')).toBe(
      '/a?password=[REDACTED]&access%5Ftoken=[REDACTED]&code=[REDACTED]&dictCode=sex',
    );
  });

  it('leaves other text alone', () => {
    expect(redactSecrets('/sys/user/list?pageNo=1&pageSize=10')).toBe('/sys/user/list?pageNo=1&pageSize=10');
    expect(redactSecrets('incoming request')).toBe('incoming request');
  });
});
