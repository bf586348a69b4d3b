import type { Db } from '../db/client';
import { createAppointment, createDoctor, createPayment, createUser } from '../db/factories';
import {
  appointmentProposals,
  consultations,
  earnings,
  emailMessages,
  jobs,
  outcomeHolds,
  payouts,
  referrals,
  reportPurchases,
  waitlistEntries,
} from '../db/schema';

/**
 * One row of every table whose state the database guards, each inserted in the state a test names
 * (inserts are free; only an UPDATE must follow a move). Keyed by table name, the row's key column.
 */
export async function stateRows(db: Db) {
  const patient = await createUser(db);
  const { user: doctorUser, doctor } = await createDoctor(db, { doctor: { isVerified: true, isActive: true } });
  const appointment = await createAppointment(db, {
    patientId: patient.id,
    doctorId: doctor.id,
    startsAt: new Date('2031-03-04T15:00:00Z'),
    status: 'completed',
  });
  const payment = await createPayment(db, {
    appointmentId: appointment.id,
    patientId: patient.id,
    purpose: 'appointment',
    amount: 15000,
    status: 'succeeded',
  });
  // 'failed': the ledger's commit check (a pending or paid payout equals its earnings and, once paid,
  // its transfer) does not apply to it; the tests move it inside transactions they roll back.
  const [payout] = await db
    .insert(payouts)
    .values({ doctorId: doctor.id, amount: 12000, status: 'failed' })
    .returning();
  const [earning] = await db
    .insert(earnings)
    .values({
      doctorId: doctor.id,
      appointmentId: appointment.id,
      paymentId: payment.id,
      grossAmount: 15000,
      platformCommission: 3000,
      netEarnings: 12000,
      status: 'paid',
      payoutId: payout.id,
    })
    .returning();
  const [referral] = await db
    .insert(referrals)
    .values({
      referrerId: patient.id,
      referredEmail: 'friend@example.com',
      referralType: 'patient',
      rewardAmount: 1000,
      status: 'rewarded',
      rewardedAt: new Date(),
    })
    .returning();
  const [consultation] = await db
    .insert(consultations)
    .values({ appointmentId: appointment.id, status: 'ended', endedAt: new Date() })
    .returning();
  const [proposal] = await db
    .insert(appointmentProposals)
    .values({
      appointmentId: appointment.id,
      fromStartsAt: appointment.startsAt,
      startsAt: new Date('2031-03-05T15:00:00Z'),
      status: 'declined',
    })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({ kind: 'email', payload: {}, status: 'done', runAt: new Date(), maxAttempts: 3 })
    .returning();
  const [email] = await db
    .insert(emailMessages)
    .values({
      jobId: job.id,
      kind: 'booking_confirmed',
      toAddress: patient.email,
      subject: 'Booked',
      textBody: 'Booked',
      htmlBody: '<p>Booked</p>',
      status: 'sent',
    })
    .returning();
  const [purchase] = await db
    .insert(reportPurchases)
    .values({
      buyerId: patient.id,
      tier: 'summary',
      amount: 4900,
      provider: 'simulated',
      providerIntentId: `pi_report_${payment.id}`,
      status: 'paid',
      medicalProfessionalConfirmedAt: new Date(),
      purchasedAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
      snapshot: {},
    })
    .returning();
  const [hold] = await db
    .insert(outcomeHolds)
    .values({
      appointmentId: appointment.id,
      outcome: 'completed',
      status: 'released',
      markedAt: appointment.startsAt,
      releaseAt: new Date(appointment.startsAt.getTime() + 72 * 3_600_000),
    })
    .returning();
  const [entry] = await db
    .insert(waitlistEntries)
    .values({
      patientId: patient.id,
      doctorId: doctor.id,
      consultationType: 'video',
      beforeDate: '2099-01-01',
      beforeAt: new Date('2099-01-01T00:00:00Z'),
      status: 'booked',
    })
    .returning();
  return {
    users: patient.id,
    doctors: doctor.id,
    doctorUser: doctorUser.id,
    appointments: appointment.id,
    payments: payment.id,
    payouts: payout.id,
    earnings: earning.id,
    referrals: referral.id,
    consultations: consultation.appointmentId,
    appointment_proposals: proposal.id,
    jobs: job.id,
    email_messages: email.id,
    report_purchases: purchase.id,
    outcome_holds: hold.appointmentId,
    waitlist_entries: entry.id,
  };
}
