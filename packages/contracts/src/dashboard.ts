import { z } from 'zod';
import { defineRoute } from './route';

/** Figures of /dashboard/analysis, counted in the caller's tenant at request time. */
export const DashboardStatsSchema = z.object({
  users: z.number().int(),
  departments: z.number().int(),
  roles: z.number().int(),
  tenants: z.number().int(),
  /** Successful sign-ins today (server day, UTC). */
  loginsToday: z.number().int(),
  /** Successful sign-ins in total. */
  loginsTotal: z.number().int(),
  /** Distinct client addresses of today's sign-ins. */
  ipsToday: z.number().int(),
  /** Sign-ins per day for the last 7 days, oldest first; `day` is YYYY-MM-DD. */
  loginTrend: z.array(z.object({ day: z.string(), count: z.number().int() })),
  /** Alarms of the tenant still active (condition holding, issue 9). */
  activeAlarms: z.number().int(),
  /** Alarms of the tenant not processed yet, ignored ones (flag 3) excepted. */
  unprocessedAlarms: z.number().int(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const DashboardRoutes = {
  analysis: defineRoute({
    method: 'GET',
    path: '/dashboard/analysis',
    access: 'session',
    tag: 'dashboard',
    summary: 'Real counts for the analysis dashboard',
    result: DashboardStatsSchema,
  }),
} as const;
