import type { FastifyInstance } from 'fastify';
import {
  scheduleReplySchema,
  scheduleSchema,
  timeOffListSchema,
  timeOffParamsSchema,
  timeOffRequestSchema,
  timeOffSchema,
} from '@common/schemas/schedule';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { ensureDoctorRow, ownDoctorRow } from '../doctor-record/rows';
import { notFound } from '../../core/errors';
import { defaultSchedule } from '@common/rules/schedule-rules';
import { addTimeOff, listTimeOff, readSchedule, removeTimeOff, saveSchedule } from './store';

/** The doctor's own week, rules and time off (docs/schedule.md). */
export async function scheduleRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app, 'Doctor schedule');

  r.get(
    '/api/doctors/profile/schedule',
    {
      access: 'doctor',
      summary: 'Read my weekly hours, visit lengths, buffer, notice, horizon and daily cap',
      description: 'A doctor who never saved a schedule gets their old hours on weekdays and the default rules.',
      schema: { response: { 200: scheduleReplySchema } },
    },
    async ({ user }) => {
      const doctor = await ownDoctorRow(db, user.id);
      return doctor ? readSchedule(db, doctor) : defaultSchedule();
    },
  );

  r.put(
    '/api/doctors/profile/schedule',
    {
      access: 'doctor',
      summary: 'Save my weekly hours and booking rules; existing bookings are kept',
      description:
        'Ranges are wall-clock times in my zone. A range crossing a daylight-saving gap in the coming year is ' +
        'refused with its date. Bookings outside the new hours stay and are flagged in my book.',
      schema: { body: scheduleSchema, response: { 200: scheduleReplySchema } },
    },
    async ({ request, user }) => saveSchedule(db, await ensureDoctorRow(db, user.id), request.body, clock.now()),
  );

  r.get(
    '/api/doctors/profile/time-off',
    {
      access: 'doctor',
      summary: 'List my time off that has not ended yet',
      schema: { response: { 200: timeOffListSchema } },
    },
    async ({ user }) => {
      const doctor = await ownDoctorRow(db, user.id);
      return doctor ? listTimeOff(db, doctor.id, clock.now()) : [];
    },
  );

  r.post(
    '/api/doctors/profile/time-off',
    {
      access: 'doctor',
      summary: 'Add time off; every slot it touches is hidden, bookings in it are kept and flagged',
      schema: { body: timeOffRequestSchema, response: { 200: timeOffSchema } },
    },
    async ({ request, user }) => addTimeOff(db, (await ensureDoctorRow(db, user.id)).id, request.body, clock.now()),
  );

  r.delete(
    '/api/doctors/profile/time-off/:id',
    {
      access: 'doctor',
      summary: 'Remove one range of my time off',
      replies: { 204: { description: 'Removed.' } },
      schema: { params: timeOffParamsSchema },
    },
    async ({ request, reply, user }) => {
      const doctor = await ownDoctorRow(db, user.id);
      if (!doctor) throw notFound('Time off');
      await removeTimeOff(db, doctor.id, request.params.id);
      return reply.status(204).send();
    },
  );
}
