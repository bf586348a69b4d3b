-- Issue 38, item 2: the database keeps the ledger honest (decision 072).
-- A transfer header per key: its kind and a hash of its legs, so a replay under the same key with other legs is refused.
CREATE TABLE "transfers" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"legs_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The hash of a transfer's legs, as postTransfer computes it: "account=amount" lines, sorted by account (byte order), joined by newlines.
CREATE FUNCTION ledger_legs_hash(p_key text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(string_agg("account" || '=' || "amount", E'\n' ORDER BY "account" COLLATE "C"), 'UTF8')), 'hex')
  FROM "ledger_entries" WHERE "transfer_key" = p_key
$$;--> statement-breakpoint
INSERT INTO "transfers" ("key", "kind", "legs_hash", "created_at")
  SELECT "transfer_key", min("kind"), ledger_legs_hash("transfer_key"), min("created_at") FROM "ledger_entries" GROUP BY "transfer_key";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_key_transfers_key_fk" FOREIGN KEY ("transfer_key") REFERENCES "public"."transfers"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Entries, once written, are never changed or removed: a correction is a new transfer.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_change" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
CREATE TRIGGER "transfers_no_change" BEFORE UPDATE OR DELETE ON "transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();--> statement-breakpoint
-- A wallet's balance is kept in users.wallet_balance for reading and locking, and in each line's
-- balance_after; the ledger account is the source. At commit both must agree with it.
CREATE FUNCTION wallet_cache_check(p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cached integer;
  ledger bigint;
  last_line integer;
BEGIN
  SELECT "wallet_balance" INTO cached FROM "users" WHERE "id" = p_user;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT coalesce(sum("amount"), 0) INTO ledger FROM "ledger_entries" WHERE "account" = 'patient_wallet:' || p_user;
  SELECT "balance_after" INTO last_line FROM "wallet_entries" WHERE "user_id" = p_user ORDER BY "id" DESC LIMIT 1;
  IF cached <> ledger OR (last_line IS NOT NULL AND last_line <> ledger) THEN
    RAISE EXCEPTION 'wallet of % disagrees with its ledger account: balance %, last line %, ledger %', p_user, cached, last_line, ledger
      USING ERRCODE = 'check_violation';
  END IF;
END;
$$;--> statement-breakpoint
-- At commit: every transfer touched sums to zero and still has the legs its header was posted with.
CREATE FUNCTION ledger_transfer_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  expected text;
BEGIN
  SELECT sum("amount") INTO total FROM "ledger_entries" WHERE "transfer_key" = NEW."transfer_key";
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transfer % does not sum to zero (%)', NEW."transfer_key", total USING ERRCODE = 'check_violation';
  END IF;
  SELECT "legs_hash" INTO expected FROM "transfers" WHERE "key" = NEW."transfer_key";
  IF expected IS DISTINCT FROM ledger_legs_hash(NEW."transfer_key") THEN
    RAISE EXCEPTION 'ledger transfer % has legs other than those it was posted with', NEW."transfer_key" USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."account" LIKE 'patient_wallet:%' THEN
    PERFORM wallet_cache_check(substr(NEW."account", 16)::uuid);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transfer_check();--> statement-breakpoint
CREATE FUNCTION wallet_balance_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_cache_check(NEW."user_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION users_wallet_balance_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_cache_check(NEW."id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_wallet_balance_matches_ledger" AFTER UPDATE OF "wallet_balance" ON "users"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."wallet_balance" IS DISTINCT FROM NEW."wallet_balance") EXECUTE FUNCTION users_wallet_balance_check();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "wallet_entries_match_ledger" AFTER INSERT ON "wallet_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION wallet_balance_check();--> statement-breakpoint
-- A pending or paid payout is exactly the earnings it pays; a paid one moved that much out of the doctor's payable account.
-- A deferred trigger's NEW is the row as that statement left it: the check reads the row as it is at commit.
CREATE FUNCTION payout_amount_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payout record;
  earned bigint;
  moved bigint;
BEGIN
  SELECT "id", "doctor_id", "amount", "status" INTO payout FROM "payouts" WHERE "id" = NEW."id";
  IF NOT FOUND OR payout."status" NOT IN ('pending', 'paid') THEN RETURN NULL; END IF;
  SELECT coalesce(sum("net_earnings"), 0) INTO earned FROM "earnings" WHERE "payout_id" = payout."id";
  IF payout."amount" <= 0 OR payout."amount" <> earned THEN
    RAISE EXCEPTION 'payout % of % does not equal its earnings (%)', payout."id", payout."amount", earned USING ERRCODE = 'check_violation';
  END IF;
  IF payout."status" = 'paid' THEN
    SELECT coalesce(sum("amount"), 0) INTO moved FROM "ledger_entries"
      WHERE "transfer_key" = 'payout:' || payout."id" AND "account" = 'doctor_paid_out:' || payout."doctor_id";
    IF moved <> payout."amount" THEN
      RAISE EXCEPTION 'paid payout % of % moved % in the ledger', payout."id", payout."amount", moved USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payouts_amount_matches_earnings" AFTER INSERT OR UPDATE ON "payouts"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION payout_amount_check();--> statement-breakpoint
-- A card refund the processor would not make ends in refund_failed, for an administrator to retry or resolve.
ALTER TABLE "payments" ADD COLUMN "refund_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled', 'refund_pending', 'refunded', 'refund_failed'));--> statement-breakpoint
CREATE INDEX "payments_refund_failed_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" = 'refund_failed';--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_kind_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check" CHECK ("email_messages"."kind" in ('booking_confirmed', 'booking_new', 'booking_cancelled', 'booking_refunded', 'booking_rescheduled', 'reschedule_proposed', 'booking_cancelled_by_doctor', 'reminder_24h', 'reminder_1h', 'application_approved', 'application_rejected', 'campaign', 'visit_summary_shared', 'verify_email', 'password_reset', 'password_changed', 'email_change_verify', 'email_changed', 'security_notice', 'refund_failed'));
