-- Moving an appointment is a new e-mail event. Installations follow their cancellation switch: a
-- reschedule is announced where cancellations are.
UPDATE "platform_settings"
SET "email_events" = array_append("email_events", 'appointment_rescheduled')
WHERE 'appointment_cancelled' = ANY ("email_events")
  AND NOT ('appointment_rescheduled' = ANY ("email_events"));
