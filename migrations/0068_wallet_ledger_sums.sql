-- Issue 39: a wallet's check at commit (0048) summed every line its ledger account ever had, and it
-- runs three times in each transaction that moves a wallet (the balance, the wallet line and the
-- ledger line each call it). The cost grew with the patient's history: in a 15-minute soak its
-- buffers per call doubled. Each wallet account now keeps its running sum, written by the ledger's
-- insert trigger in the same statement, so the check reads one row. No stripes: every posting to a
-- wallet already holds its owner's users row, so two never wait on each other here.
CREATE TABLE "wallet_ledger_sums" (
	"account" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
-- The migrations run in one transaction: the lock holds back a running release's postings until
-- the sums and their trigger are in place, so none is counted twice or missed.
LOCK TABLE "ledger_entries" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "wallet_ledger_sums" ("account", "amount")
  SELECT "account", sum("amount") FROM "ledger_entries" WHERE "account" LIKE 'patient_wallet:%' GROUP BY "account";
--> statement-breakpoint
CREATE FUNCTION wallet_ledger_sums_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "wallet_ledger_sums" ("account", "amount")
    SELECT "account", sum("amount") FROM new_entries WHERE "account" LIKE 'patient_wallet:%' GROUP BY "account"
  ON CONFLICT ("account") DO UPDATE SET "amount" = "wallet_ledger_sums"."amount" + EXCLUDED."amount";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_wallet_sums" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION wallet_ledger_sums_add();
--> statement-breakpoint
-- Only that trigger writes the sums: a statement sent by a client is refused.
CREATE FUNCTION wallet_ledger_sums_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 THEN
    RAISE EXCEPTION 'wallet_ledger_sums is written by the ledger only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_sums_written_by_ledger" BEFORE INSERT OR UPDATE OR DELETE ON "wallet_ledger_sums"
  FOR EACH ROW EXECUTE FUNCTION wallet_ledger_sums_guard();
--> statement-breakpoint
-- The check of 0048, reading the account's running sum instead of summing its lines.
CREATE OR REPLACE FUNCTION wallet_cache_check(p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cached integer;
  ledger bigint;
  last_line integer;
BEGIN
  SELECT "wallet_balance" INTO cached FROM "users" WHERE "id" = p_user;
  IF NOT FOUND THEN RETURN; END IF;
  SELECT coalesce((SELECT "amount" FROM "wallet_ledger_sums" WHERE "account" = 'patient_wallet:' || p_user), 0) INTO ledger;
  SELECT "balance_after" INTO last_line FROM "wallet_entries" WHERE "user_id" = p_user ORDER BY "id" DESC LIMIT 1;
  IF cached <> ledger OR (last_line IS NOT NULL AND last_line <> ledger) THEN
    RAISE EXCEPTION 'wallet of % disagrees with its ledger account: balance %, last line %, ledger %', p_user, cached, last_line, ledger
      USING ERRCODE = 'check_violation';
  END IF;
END;
$$;
