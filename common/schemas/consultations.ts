import { z } from 'zod';
import { REMOTE_CONSULTATION_TYPES } from '../constants/consultation-types';
import { CONSULTATION_STATUSES } from '../constants/statuses';
import { appointmentStatusSchema, consultationTypeSchema, paymentStatusSchema } from './appointments';
import { appointmentFamilyMemberSchema } from './family';
import { JOIN_OPENS_MINUTES_BEFORE } from '../rules/join-window';

/** A consultation has no id of its own: it is addressed by its appointment's id. */
export const consultationIdParamsSchema = z.object({
  id: z.uuid({ error: 'Consultation id must be a UUID' }),
});

export const consultationStatusSchema = z.enum(CONSULTATION_STATUSES);
export type ConsultationStatus = z.infer<typeof consultationStatusSchema>;

/** The start button works from this many minutes before the appointment's start (../rules/join-window.ts). */
export const START_EARLY_MINUTES = JOIN_OPENS_MINUTES_BEFORE;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** RTCIceServer as the browser takes it: ICE_SERVERS as configured, plus our TURN relay (TURN_URLS) with a per-participant credential. */
export const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

const personSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
});

export const consultationSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  status: consultationStatusSchema,
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Lets the timer correct for a wrong client clock. */
  serverTime: z.string(),
  appointment: z.object({
    id: z.uuid(),
    status: appointmentStatusSchema,
    consultationType: consultationTypeSchema,
    reasonForVisit: z.string(),
    appointmentDate: z.string(),
    appointmentTime: z.string(),
    startsAt: z.string(),
    /** The visit's length: the doctor can start it until start + this (../rules/join-window.ts). */
    durationMinutes: z.number().int().optional(),
    timeZone: z.string(),
    fee: z.number().int(),
    paymentStatus: paymentStatusSchema.nullable(),
  }),
  doctor: z.object({ id: z.uuid(), userId: z.uuid(), specialty: z.string(), user: personSchema }),
  patient: personSchema.extend({ id: z.uuid() }),
  /** Addition (issue 42): the family member the visit is for; `patient` booked it and joins the room. */
  familyMember: appointmentFamilyMemberSchema.nullable().optional(),
  iceServers: z.array(iceServerSchema),
});
export type Consultation = z.infer<typeof consultationSchema>;

export const chatMessageSchema = z.object({
  messageId: z.number().int(),
  senderId: z.uuid(),
  senderName: z.string(),
  message: z.string(),
  timestamp: z.string(),
  /** The sender's own id for the message (echoed so its pending copy can be cleared). */
  clientMessageId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const messagesQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'after must be a message id' })
    .int('after must be a message id')
    .min(0, 'after must be a message id')
    .max(Number.MAX_SAFE_INTEGER, 'after must be a message id')
    .optional(),
});
export const chatMessageListSchema = z.array(chatMessageSchema);

/** One card of the /video-consultations screen. */
export const upcomingConsultationSchema = z.object({
  appointmentId: z.uuid(),
  consultationType: consultationTypeSchema,
  appointmentDate: z.string(),
  appointmentTime: z.string(),
  startsAt: z.string(),
  /** The visit's length: Join Call is offered until its end. */
  durationMinutes: z.number().int().optional(),
  /** The doctor's zone, named beside the viewer's time where the clocks differ. */
  timeZone: z.string(),
  doctor: z.object({ specialty: z.string(), user: personSchema }),
});
export type UpcomingConsultation = z.infer<typeof upcomingConsultationSchema>;
export const upcomingConsultationListSchema = z.array(upcomingConsultationSchema);
/** The screen lists video consultations; `?type=voice` lists voice ones the same way. */
export const upcomingQuerySchema = z.object({
  type: z
    .enum(REMOTE_CONSULTATION_TYPES, { error: `type must be ${REMOTE_CONSULTATION_TYPES.join(' or ')}` })
    .default('video'),
});

/** A running call's ICE servers, read again before an ICE restart: a call running long gets a later TURN expiry. */
export const consultationIceServersSchema = z.object({
  iceServers: z.array(iceServerSchema),
  /** When the TURN credential among `iceServers` stops working; null when there is none. */
  expiresAt: z.string().nullable(),
});
export type ConsultationIceServers = z.infer<typeof consultationIceServersSchema>;
