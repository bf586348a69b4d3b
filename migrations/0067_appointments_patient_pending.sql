-- Issue 39: every booking counts the patient's unpaid holds (MAX_UNPAID_BOOKINGS). Through
-- appointments_patient_idx that read every appointment the patient ever had and kept the pending
-- ones: in the soak, whose patients book all day, the count grew from 0.5 to 1.5 ms in half an hour.
-- Only holds are in this index, a handful per patient at most, so the count stays the same size.
CREATE INDEX IF NOT EXISTS "appointments_patient_pending_idx" ON "appointments" ("patient_id") WHERE "status" = 'pending';
