-- Written to run again harmlessly (IF NOT EXISTS / OR REPLACE): its journal time was moved after
-- 0049 while the release was being assembled, so a database that ran it under the earlier time gets it again.
-- State machines in the database (decision 071). `state_transitions` lists, per guarded column, the
-- moves its owning module's move table allows, plus every state staying put (so the trigger knows
-- the column's states). The application rewrites it from those move tables after every migration
-- run; no migration is needed for a new move.
CREATE TABLE IF NOT EXISTS "state_transitions" (
	"table_name" text NOT NULL,
	"column_name" text NOT NULL,
	"from_value" text NOT NULL,
	"to_value" text NOT NULL,
	CONSTRAINT "state_transitions_pkey" PRIMARY KEY("table_name","column_name","from_value","to_value")
);
--> statement-breakpoint
-- For each column named in the trigger's arguments whose value changes: a listed move passes; an
-- unlisted move between two known states is refused; a value that is no state of the column is
-- left to the column's CHECK constraint (which names it). A column with no rows at all is refused,
-- so an unsynchronised table never lets everything through. Inserts are not checked.
CREATE OR REPLACE FUNCTION guard_state_transition() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  col text;
  old_value text;
  new_value text;
BEGIN
  FOREACH col IN ARRAY TG_ARGV LOOP
    old_value := to_jsonb(OLD) ->> col;
    new_value := to_jsonb(NEW) ->> col;
    CONTINUE WHEN old_value IS NOT DISTINCT FROM new_value;
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM state_transitions t
      WHERE t.table_name = TG_TABLE_NAME AND t.column_name = col
        AND t.from_value = old_value AND t.to_value = new_value
    );
    IF NOT EXISTS (
      SELECT 1 FROM state_transitions t
      WHERE t.table_name = TG_TABLE_NAME AND t.column_name = col
        AND t.from_value = new_value AND t.to_value = new_value
    ) AND EXISTS (
      SELECT 1 FROM state_transitions t WHERE t.table_name = TG_TABLE_NAME AND t.column_name = col
    ) THEN
      CONTINUE;
    END IF;
    RAISE EXCEPTION 'illegal move of %.% from % to %', TG_TABLE_NAME, col, old_value, new_value
      USING ERRCODE = 'check_violation', CONSTRAINT = 'state_transitions',
        HINT = 'Only the moves in the owning module''s move table are allowed (docs/domain-core.md).';
  END LOOP;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "appointments_state_moves" BEFORE UPDATE ON "appointments" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "appointment_proposals_state_moves" BEFORE UPDATE ON "appointment_proposals" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "payments_state_moves" BEFORE UPDATE ON "payments" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "earnings_state_moves" BEFORE UPDATE ON "earnings" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "payouts_state_moves" BEFORE UPDATE ON "payouts" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "referrals_state_moves" BEFORE UPDATE ON "referrals" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "doctors_state_moves" BEFORE UPDATE ON "doctors" FOR EACH ROW
  WHEN (OLD.is_verified IS DISTINCT FROM NEW.is_verified OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.profile_status IS DISTINCT FROM NEW.profile_status)
  EXECUTE FUNCTION guard_state_transition('is_verified', 'is_active', 'profile_status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "consultations_state_moves" BEFORE UPDATE ON "consultations" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "email_messages_state_moves" BEFORE UPDATE ON "email_messages" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "report_purchases_state_moves" BEFORE UPDATE ON "report_purchases" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "jobs_state_moves" BEFORE UPDATE ON "jobs" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_state_moves" BEFORE UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.is_verified IS DISTINCT FROM NEW.is_verified)
  EXECUTE FUNCTION guard_state_transition('is_active', 'is_verified');
