import { SLIDER_TOKEN_TTL_MS, type SliderChallenge, type SliderPoint, type SliderVerifyRequest } from '@ztj/contracts';
import type { Db } from '../../platform/db/db';
import { AppError } from '../../platform/http/app-error';
import { consumeTicket, issueTicket, liveTicket, markVerified } from './auth-ticket';

/**
 * What the server accepts as a human drag of the slider captcha (SPEC §4;
 * docs/security.md "Registration"). The client sends the track's travel `width` (px) and the drag trace
 * (x px from the start, t ms since the drag started, one point per pointer move):
 * - `width` between `minWidth` and `maxWidth` px (a 375 px phone gives about 250);
 * - between `minPoints` and `maxPoints` points, t never going back;
 * - the drag starts at the track start (first x ≤ `startSlack` × width) and ends past its end
 *   (last x ≥ width − 1), never beyond the track by more than `endSlack` px;
 * - no jump over more than `maxJump` × width between two points (no teleport to the end);
 * - lasts between `minDurationMs` and `maxDurationMs`, and not longer than the challenge has
 *   existed (plus `clockSlackMs`): a trace cannot predate the token it is sent with.
 * The trace is a plausibility bar against naive scripts, not a proof of a human: the real limits
 * are the single-use server token, the per-address request limits and the SMS code.
 */
export const SLIDER_POLICY = {
  minWidth: 100,
  maxWidth: 2000,
  minPoints: 5,
  maxPoints: 1000,
  startSlack: 0.1,
  endSlack: 40,
  maxJump: 0.5,
  minDurationMs: 150,
  maxDurationMs: 60_000,
  clockSlackMs: 2_000,
} as const;

/**
 * Judges a drag trace by `SLIDER_POLICY`. `existedMs`: how long the challenge token existed when
 * the trace arrived. Returns the first rule broken, or null when the drag is plausible.
 */
export function judgeSliderDrag(width: number, trace: readonly SliderPoint[], existedMs: number): string | null {
  const p = SLIDER_POLICY;
  if (!(width >= p.minWidth && width <= p.maxWidth)) return 'width';
  if (trace.length < p.minPoints || trace.length > p.maxPoints) return 'points';
  for (let i = 1; i < trace.length; i++) {
    if (trace[i]!.t < trace[i - 1]!.t) return 'timeOrder';
    if (Math.abs(trace[i]!.x - trace[i - 1]!.x) > p.maxJump * width) return 'jump';
  }
  const first = trace[0]!;
  const last = trace[trace.length - 1]!;
  if (first.x < -p.endSlack || first.x > p.startSlack * width) return 'start';
  if (last.x < width - 1 || trace.some((pt) => pt.x > width + p.endSlack)) return 'end';
  const duration = last.t - first.t;
  if (duration < p.minDurationMs || duration > p.maxDurationMs) return 'duration';
  if (duration > existedMs + p.clockSlackMs) return 'predates';
  return null;
}

/** Issues a slider challenge token (valid 2 minutes, single use) for client address `ip`. */
export async function sliderChallenge(db: Db, ip: string): Promise<SliderChallenge> {
  const token = await issueTicket(db, 'slider', SLIDER_TOKEN_TTL_MS, { ip });
  return { token, expiresInSeconds: SLIDER_TOKEN_TTL_MS / 1000 };
}

/**
 * Verifies the drag of a challenge: a live, not yet verified token and a plausible trace
 * (`judgeSliderDrag`) make it a verified slider token for another 2 minutes, which one
 * registration can use. A refused drag spends the token (the client asks for a new one).
 * @throws AppError business sliderInvalid.
 */
export async function verifySlider(db: Db, body: SliderVerifyRequest): Promise<void> {
  const ticket = await liveTicket(db, 'slider', body.token);
  if (!ticket || ticket.verified_at) throw new AppError('business', 'sliderInvalid');
  const existedMs = Date.now() - new Date(ticket.created_at).getTime();
  const broken = judgeSliderDrag(body.width, body.trace, existedMs);
  if (broken) {
    await consumeTicket(db, 'slider', body.token);
    throw new AppError('business', 'sliderInvalid', { rule: broken });
  }
  if (!(await markVerified(db, 'slider', body.token, SLIDER_TOKEN_TTL_MS)))
    throw new AppError('business', 'sliderInvalid');
}
