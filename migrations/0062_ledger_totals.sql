-- Issue 39: the administrator's revenue card summed every ledger entry of the sale accounts on each
-- request, a cost that grew with the ledger (in a 10-minute soak it became the database's busiest
-- statement). The platform's own accounts (no ':' in the name) now keep running totals per kind,
-- written by the ledger's insert trigger in the same transaction, so they cannot drift from it.
-- Each connection adds to its own stripe (its backend pid modulo 16), so concurrent payments do not
-- queue behind one hot row; a reader sums the stripes.
CREATE TABLE "ledger_totals" (
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"stripe" smallint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_totals_pkey" PRIMARY KEY ("account", "kind", "stripe")
);
--> statement-breakpoint
-- The migrations run in one transaction: the lock holds back a running release's postings until
-- the totals and their trigger are in place, so none is counted twice or missed.
LOCK TABLE "ledger_entries" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "ledger_totals" ("account", "kind", "stripe", "amount")
  SELECT "account", "kind", 0, sum("amount") FROM "ledger_entries" WHERE position(':' in "account") = 0 GROUP BY "account", "kind";
--> statement-breakpoint
CREATE FUNCTION ledger_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_totals" ("account", "kind", "stripe", "amount")
    SELECT "account", "kind", (pg_backend_pid() % 16)::smallint, sum("amount") FROM new_entries
    WHERE position(':' in "account") = 0 GROUP BY "account", "kind"
  ON CONFLICT ("account", "kind", "stripe") DO UPDATE SET "amount" = "ledger_totals"."amount" + EXCLUDED."amount";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_totals" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_totals_add();
--> statement-breakpoint
-- Only that trigger writes the totals: a statement sent by a client is refused.
CREATE FUNCTION ledger_totals_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 THEN
    RAISE EXCEPTION 'ledger_totals is written by the ledger only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_totals_written_by_ledger" BEFORE INSERT OR UPDATE OR DELETE ON "ledger_totals"
  FOR EACH ROW EXECUTE FUNCTION ledger_totals_guard();
