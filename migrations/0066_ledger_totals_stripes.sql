-- Issue 39: the ledger's running totals (0062) were kept in 16 stripes, one per backend pid modulo
-- 16, so that concurrent payments would not queue behind one row. A stripe's row stays locked from
-- the posting to the commit, and they did queue: the pools open and close connections as the load
-- moves, and PostgreSQL gives new backends consecutive pids, so within minutes most stripes were
-- shared by two or three connections. In a soak the totals' upsert went from 0.22 to 0.67 ms on
-- average within 15 minutes, and the same scheme for the stat cards' counts (0065) waited up to
-- 259 ms. The stripe is now the transaction's id modulo 128: transactions that run at the same time
-- got their ids moments apart, so two of them share a stripe only if 128 others started in between.
-- A transaction still keeps to one stripe, so two of them cannot take each other's rows in
-- opposite orders unless they share it. A reader sums at most 128 rows per account and kind.
CREATE OR REPLACE FUNCTION ledger_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_totals" ("account", "kind", "stripe", "amount")
    SELECT "account", "kind", (txid_current() % 128)::smallint, sum("amount") FROM new_entries
    WHERE position(':' in "account") = 0 GROUP BY "account", "kind"
  ON CONFLICT ("account", "kind", "stripe") DO UPDATE SET "amount" = "ledger_totals"."amount" + EXCLUDED."amount";
  RETURN NULL;
END;
$$;
