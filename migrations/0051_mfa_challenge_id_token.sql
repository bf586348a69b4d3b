-- A provider sign-in that needs the code step keeps the provider's ID token on its challenge until
-- the code is right, so the session the code step opens can sign out at the provider too.
ALTER TABLE "mfa_challenges" ADD COLUMN "id_token" text;
