-- Issue 39: a card confirmation finds its PaymentIntent by the client secret the checkout holds,
-- and nothing indexed that column, so each confirmation read the whole table: under the soak's
-- mix the read took 0.45 ms five minutes in and 2.35 ms ten minutes later, growing with every
-- payment. Secrets are random per intent, so the index is unique.
CREATE UNIQUE INDEX IF NOT EXISTS "simulated_payment_intents_client_secret_key" ON "simulated_payment_intents" ("client_secret");
