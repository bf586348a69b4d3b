-- E-mail events were stored before the mailer existed and never read. Settings no administrator
-- has saved yet take the new default (every event on), so installing the mailer sends mail.
UPDATE "platform_settings"
SET "email_events" = array['user_registered', 'doctor_application_submitted', 'payment_succeeded', 'payment_refunded', 'payout_requested', 'payout_paid', 'doctor_profile_published', 'doctor_verified', 'appointment_cancelled', 'appointment_reminder', 'doctor_application_decided']::text[]
WHERE "updated_at" IS NULL;
