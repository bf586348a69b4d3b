/**
 * Every action the audit trail records, as `area.verb`. Administrative changes and reads of a
 * patient's records by someone other than the patient share one trail. Each area adds its own.
 */
export const AUDIT_ACTIONS = [
  'doctor.verify',
  'doctor.status',
  /** An administrator ran an outbreak data sync. */
  'outbreak.sync',
  /** A published profile at or above the administrators' auto-verify threshold verified itself. */
  'doctor.auto_verify',
  /** An administrator approved or rejected a verified doctor's changed credentials. */
  'doctor.credentials_approve',
  'doctor.credentials_reject',
  'user.status',
  'user.verify',
  'payment.refund',
  /** An administrator asked the processor again for a card refund that had failed. */
  'payment.refund_retry',
  /** An administrator closed a failed card refund as settled outside Medora, with a note. */
  'payment.refund_resolve',
  'payout.paid',
  'payout.failed',
  'application.approve',
  'application.reject',
  'settings.update',
  'campaign.create',
  /** An administrator sent a campaign: one marketing e-mail per person of its audience who has not opted out. */
  'campaign.send',
  /** A doctor or an administrator read a patient's records; the target says which. */
  'patient_record.read',
  /** A patient downloaded everything Medora holds about them. */
  'account.export',
  'account.delete',
  'account.marketing_email',
  'patient_profile.create',
  'patient_profile.update',
  /** A doctor saved visit notes or an after-visit summary; the trail never holds what was written. */
  'visit_notes.update',
  /** A doctor shared an after-visit summary with the patient for the first time. */
  'visit_summary.share',
  /** A patient moved their appointment, or accepted the doctor's proposed time. */
  'appointment.reschedule',
  'appointment.propose_time',
  'appointment.decline_proposal',
  /** A doctor cancelled an appointment of theirs (the patient is refunded in full). */
  'appointment.doctor_cancel',
  /** A doctor recorded that the patient did not come. */
  'appointment.no_show',
  /** An administrator credited a patient's wallet as a goodwill gesture, with a reason. */
  'wallet.credit',
  /** The account turned two-factor sign-in on (with its password). */
  'mfa.enable',
  /** A doctor replaced their payout bank account (with their password); the trail keeps its kind and last four. */
  'payout_account.replace',
  /** The account asked to move to a new address (with its password); the trail keeps no address. */
  'account.email_change_request',
  /** An administrator gave a dead-lettered job a fresh set of attempts (its payload may name people). */
  'job.retry',
  /** A patient disputed a visit outcome their doctor marked; an administrator resolved it. */
  'outcome.dispute',
  'outcome.resolve',
  /** A doctor issued or revoked a prescription, sick note or referral letter; the trail names its kind, never its content. */
  'care_document.issue',
  'care_document.revoke',
  /** A holder invited a family member to take over their record; the member accepted (decision 100). */
  'family_member.takeover_invite',
  'family_member.taken_over',
  /** A holder saved a family member's health profile; the trail names the fields, never their values. */
  'family_member.profile_update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What of a patient's records was read, as the patient sees it on their profile. */
export const PATIENT_RECORD_KINDS = [
  'profile',
  'appointments',
  'consultation_messages',
  'visit_documents',
  /** An e-mail about the person (its body), read in the admin outbox. */
  'email_messages',
  /** A conversation with a doctor between visits (issue 41). */
  'conversation_messages',
  /** A document the patient keeps in Medora (issue 41). */
  'documents',
  /** A family member the account holder books for (issue 42): their name and date of birth. */
  'family_members',
] as const;
export type PatientRecordKind = (typeof PATIENT_RECORD_KINDS)[number];
