import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './deps';
import { adminDoctorRoutes } from './modules/admin-doctors/routes';
import { adminRoutes } from './modules/admin/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { appointmentRoutes } from './modules/appointments/routes';
import { accountRoutes } from './modules/auth/account-routes';
import { authRoutes } from './modules/auth/routes';
import { calendarFeedRoutes } from './modules/calendar-feed/routes';
import { consultationRoutes } from './modules/consultations/routes';
import { conversationRoutes } from './modules/conversations/routes';
import { documentRoutes } from './modules/documents/routes';
import { careDocumentRoutes } from './modules/care-documents/routes';
import { familyMemberRoutes } from './modules/family/routes';
import { precheckRoutes } from './modules/consultations/precheck-routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { disputeRoutes } from './modules/disputes/routes';
import { doctorApplicationRoutes } from './modules/doctor-applications/routes';
import { doctorProfileRoutes } from './modules/doctor-profile/routes';
import { doctorRoutes } from './modules/doctors/routes';
import { earningRoutes } from './modules/earnings/routes';
import { healthRoutes } from './modules/health/routes';
import { mailRoutes } from './modules/mail/routes';
import { metaRoutes } from './modules/meta/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { patientRoutes } from './modules/patients/routes';
import { pushRoutes } from './modules/push/routes';
import { outbreakRoutes } from './modules/outbreak/routes';
import { paymentRoutes } from './modules/payments/routes';
import { payoutAccountRoutes } from './modules/earnings/payout-account-routes';
import { receiptRoutes } from './modules/receipts/routes';
import { referralRoutes } from './modules/referrals/routes';
import { rescheduleRoutes } from './modules/appointments/reschedule-routes';
import { scheduleRoutes } from './modules/schedule/routes';
import { visitNoteRoutes } from './modules/visit-notes/routes';
import { waitlistRoutes } from './modules/waitlist/routes';

/** Every area's HTTP routes; a new area is one line here. */
export const ROUTE_MODULES: FastifyPluginAsync<AppContext>[] = [
  healthRoutes,
  metaRoutes,
  authRoutes,
  accountRoutes,
  notificationRoutes,
  appointmentRoutes,
  rescheduleRoutes,
  disputeRoutes,
  paymentRoutes,
  doctorApplicationRoutes,
  doctorProfileRoutes,
  scheduleRoutes,
  adminDoctorRoutes,
  adminRoutes,
  analyticsRoutes,
  dashboardRoutes,
  earningRoutes,
  doctorRoutes,
  consultationRoutes,
  precheckRoutes,
  patientRoutes,
  referralRoutes,
  outbreakRoutes,
  metricsRoutes,
  mailRoutes,
  visitNoteRoutes,
  calendarFeedRoutes,
  receiptRoutes,
  payoutAccountRoutes,
  conversationRoutes,
  documentRoutes,
  careDocumentRoutes,
  pushRoutes,
  familyMemberRoutes,
  waitlistRoutes,
];
