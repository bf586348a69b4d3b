import { z } from 'zod';
import { PROFILE_STATUSES } from '../constants/statuses';

/** `GET /api/dashboard/stats`: today's and this week's appointments, patients seen and the rating. */
export const dashboardStatsSchema = z.object({
  hasProfile: z.boolean(),
  profileStatus: z.enum(PROFILE_STATUSES).nullable(),
  todayAppointments: z.number().int(),
  totalPatients: z.number().int(),
  upcomingThisWeek: z.number().int(),
  averageRating: z.number(),
  /** The practice's zone: weekly hours and time off are written in it (decision 047). */
  timeZone: z.string(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
