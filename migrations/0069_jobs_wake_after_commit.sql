-- Issue 39: a NOTIFY in a transaction takes PostgreSQL's one lock on the notification queue from
-- its commit until the commit's WAL flush, so with 0061's trigger every booking's, payment's and
-- cancellation's commit waited for the one before it to reach the disk (the soak's log: "still
-- waiting for AccessExclusiveLock on object 0 of class 1262"). The app now wakes the workers after
-- the commit, in a notification of its own (jobs/queue.ts wakeJobWorkers); the workers' poll finds
-- what a wake-up misses. A release before this one still notifies from its own transactions.
DROP TRIGGER IF EXISTS "jobs_wake_workers" ON "jobs";
--> statement-breakpoint
DROP FUNCTION IF EXISTS jobs_wake_workers();
