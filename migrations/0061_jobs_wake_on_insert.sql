-- The workers wake when jobs are written: the database sends the notification itself, once per
-- inserting statement (and PostgreSQL folds identical ones of a transaction into one, delivered at
-- commit), instead of a second statement after every enqueue. Releases before this one still send
-- their own; the duplicates are folded too.
CREATE OR REPLACE FUNCTION jobs_wake_workers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('medora_jobs', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "jobs_wake_workers" AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION jobs_wake_workers();
