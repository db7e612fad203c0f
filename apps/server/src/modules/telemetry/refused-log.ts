import { REFUSED_SAMPLE_CHARS, type RefusedLogContent } from '@ztj/contracts';
import type { RefusalCause } from './refusal-cause';
import type { RefusedLogLine } from './telemetry-store';

/** The first {@link REFUSED_SAMPLE_CHARS} characters of `text`, never ending in half a surrogate pair. */
function sampleOf(text: string): string {
  if (text.length <= REFUSED_SAMPLE_CHARS) return text;
  const cut = text.slice(0, REFUSED_SAMPLE_CHARS);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * The device log line (kind `refused`, SPEC §2 device log) of a message or reading the ingest
 * refused for `owner`, the device known from the topic, path or credentials: reason key, field and
 * a short sample of `payload` (null for a summary); `count` on a summary of suppressed refusals.
 */
export function refusedLogLine(
  owner: { id: string; tenantId: number },
  cause: RefusalCause,
  payload: string | null,
  count?: number,
): RefusedLogLine {
  const content: RefusedLogContent = {
    reason: cause.key,
    field: cause.field,
    ...(count !== undefined ? { count } : {}),
    sample: payload === null ? null : sampleOf(payload),
  };
  return { deviceId: owner.id, tenantId: owner.tenantId, reason: cause.key, content: JSON.stringify(content) };
}
