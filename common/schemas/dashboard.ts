import { z } from 'zod';
import { PROFILE_STATUSES } from './doctor-profile';

/** `GET /api/dashboard/stats` (spec §3 "Dashboard stats" plus the week ahead and the rating). */
export const dashboardStatsSchema = z.object({
  hasProfile: z.boolean(),
  profileStatus: z.enum(PROFILE_STATUSES).nullable(),
  todayAppointments: z.number().int(),
  totalPatients: z.number().int(),
  upcomingThisWeek: z.number().int(),
  averageRating: z.number(),
  timeZone: z.string(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
