-- Repeated reads of one record by one person within ten minutes are one audit row with a count
-- (decision 069). audit_events stays append-only as it was; the count lives beside it, in a table
-- whose rows may only grow: the count up, the last-read time forward, never a delete.
CREATE TABLE "audit_read_repeats" (
	"event_id" bigint PRIMARY KEY NOT NULL REFERENCES "audit_events"("id"),
	"read_count" integer NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_read_repeats_count_check" CHECK ("read_count" >= 2)
);--> statement-breakpoint
CREATE FUNCTION audit_read_repeats_only_grow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'audit_read_repeats only grows' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.event_id <> OLD.event_id OR NEW.read_count <= OLD.read_count OR NEW.last_read_at < OLD.last_read_at THEN
    RAISE EXCEPTION 'audit_read_repeats only grows' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_read_repeats_grow_only BEFORE UPDATE OR DELETE ON "audit_read_repeats"
  FOR EACH ROW EXECUTE FUNCTION audit_read_repeats_only_grow();
