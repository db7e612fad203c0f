import type { ApiResponse } from '@ztj/contracts';
import { expect } from 'vitest';

/**
 * Asserts a refusal in the envelope (SPEC §8): a validation refusal (code 400) or a
 * record that does not exist (code 404) answers HTTP 200 with `success: false`, the envelope code
 * and a message, as JeecgBoot's clients read it. `label` names the call in a failure.
 */
export function expectRefused(
  res: { status: number; body: ApiResponse<unknown> },
  code: 400 | 404,
  label?: string,
): void {
  expect({ status: res.status, success: res.body.success, code: res.body.code }, label).toEqual({
    status: 200,
    success: false,
    code,
  });
  expect(typeof res.body.message === 'string' && res.body.message.length > 0, label ?? 'message').toBe(true);
}

/** {@link expectRefused} for a raw `inject` answer (status code and JSON text). */
export function expectRefusedRaw(res: { statusCode: number; json(): unknown }, code: 400 | 404, label?: string): void {
  expectRefused({ status: res.statusCode, body: res.json() as ApiResponse<unknown> }, code, label);
}

/**
 * Asserts a refusal of device ingest over HTTP (SPEC §5): devices are not JeecgBoot clients, so a
 * refused reading answers HTTP 400 with `success: false`, code 400 and a translated message.
 */
export function expectIngestRefused(res: { status: number; body: ApiResponse<unknown> }, label?: string): void {
  expect({ status: res.status, success: res.body.success, code: res.body.code }, label).toEqual({
    status: 400,
    success: false,
    code: 400,
  });
  expect(typeof res.body.message === 'string' && res.body.message.length > 0, label ?? 'message').toBe(true);
}
