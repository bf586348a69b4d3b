-- Issue 39: the administrator's stat cards counted every appointment, payment and receipt on each
-- request, a cost that grew with the tables: in a soak those three counts took 9 ms a request
-- fifteen minutes in, and the slowest read of every minute was an admin list. Like the ledger's
-- totals (0062), the counts are now kept by the tables' own triggers in the same transaction, in
-- stripes (the transaction's id modulo 128, as the ledger's totals since 0066) so concurrent
-- bookings do not queue behind one row; a reader sums the stripes. What a count means is written here once:
--   appointments        every appointment, whatever its status
--   receipts            every receipt issued
--   paid_consultations  payments that succeeded for an appointment
-- The fourth card, pending payments (open checkouts and refunds under way), is few rows at any time
-- however long the history: it is counted through a partial index of those rows instead, which
-- costs the writes nothing (a trigger count of it was a third of the triggers' work in a soak).
CREATE TABLE "row_counts" (
	"name" text NOT NULL,
	"stripe" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "row_counts_pkey" PRIMARY KEY ("name", "stripe")
);
--> statement-breakpoint
-- The migrations run in one transaction: the locks hold back a running release's writes until the
-- counts and their triggers are in place, so no row is counted twice or missed.
LOCK TABLE "appointments", "payments", "receipts" IN SHARE MODE;
--> statement-breakpoint
CREATE FUNCTION row_counts_paid(p "payments") RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p.status = 'succeeded' AND p.appointment_id IS NOT NULL
$$;
--> statement-breakpoint
INSERT INTO "row_counts" ("name", "stripe", "n")
  SELECT 'appointments', 0, count(*) FROM "appointments"
  UNION ALL SELECT 'receipts', 0, count(*) FROM "receipts"
  UNION ALL SELECT 'paid_consultations', 0, count(*) FROM "payments" p WHERE row_counts_paid(p);
--> statement-breakpoint
-- The same list as PENDING_PAYMENT_STATUSES (common/constants/statuses.ts), which the stat card's
-- count names (admin/stats.ts) so that the planner can use this index.
CREATE INDEX IF NOT EXISTS "payments_pending_idx" ON "payments" ("status") WHERE "status" IN
  ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'refund_pending');
--> statement-breakpoint
CREATE FUNCTION row_counts_add(counted text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "row_counts" ("name", "stripe", "n") VALUES (counted, (txid_current() % 128)::smallint, delta)
  ON CONFLICT ("name", "stripe") DO UPDATE SET "n" = "row_counts"."n" + EXCLUDED."n"
$$;
--> statement-breakpoint
-- Appointments and receipts: one more on insert, one less on delete (the count's name is the table's).
CREATE FUNCTION row_counts_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM row_counts_add(TG_TABLE_NAME, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_row_counts" AFTER INSERT OR DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION row_counts_rows();
--> statement-breakpoint
CREATE TRIGGER "receipts_row_counts" AFTER INSERT OR DELETE ON "receipts"
  FOR EACH ROW EXECUTE FUNCTION row_counts_rows();
--> statement-breakpoint
-- Payments: a row leaves the paid count or enters it; any other move writes nothing.
CREATE FUNCTION row_counts_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid int := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN paid := paid - row_counts_paid(OLD)::int; END IF;
  IF TG_OP <> 'DELETE' THEN paid := paid + row_counts_paid(NEW)::int; END IF;
  IF paid <> 0 THEN PERFORM row_counts_add('paid_consultations', paid); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_row_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "appointment_id" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION row_counts_payments();
--> statement-breakpoint
-- A truncate (`npm run seed -- --reset`, which cascades to payments and receipts) empties the counts
-- of the table it empties.
CREATE FUNCTION row_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'payments' THEN
    DELETE FROM "row_counts" WHERE "name" = 'paid_consultations';
  ELSE
    DELETE FROM "row_counts" WHERE "name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_row_counts_truncated" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER "payments_row_counts_truncated" AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER "receipts_row_counts_truncated" AFTER TRUNCATE ON "receipts"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_truncated();
--> statement-breakpoint
-- Only those triggers write the counts: a statement sent by a client is refused.
CREATE FUNCTION row_counts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 THEN
    RAISE EXCEPTION 'row_counts is written by the counted tables only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "row_counts_written_by_triggers" BEFORE INSERT OR UPDATE OR DELETE ON "row_counts"
  FOR EACH ROW EXECUTE FUNCTION row_counts_guard();
