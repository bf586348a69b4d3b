import { z } from 'zod';

/** `GET /api/calendar/feed` and `POST /api/calendar/feed/rotate`: the private feed URL to subscribe to. */
export const calendarFeedSchema = z.object({
  /** Absolute `…/api/calendar/<token>.ics`; anyone holding it can read the feed, so it is shown only to its owner. */
  url: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** `GET /api/calendar/:file`: checked loosely here so a forged or cut token is a 404, not a 400. */
export const calendarFileParamsSchema = z.object({ file: z.string().max(200) });
