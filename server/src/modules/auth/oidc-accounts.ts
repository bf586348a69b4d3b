import { and, eq } from 'drizzle-orm';
import type { OidcErrorCode, OidcSignupRequest } from '@common/schemas/oidc';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { oidcIdentities, users } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { bindApprovedApplication } from '../admin/applications';
import { enqueueAccountEmail } from '../mail/events';
import type { ProviderIdentity } from './oidc-client';
import type { PendingSignup } from './oidc-flows';

type UserRow = typeof users.$inferSelect;

export type Resolution =
  | { kind: 'signed_in'; user: UserRow }
  | { kind: 'new_person'; identity: ProviderIdentity & { email: string } }
  | { kind: 'refused'; code: OidcErrorCode };

/**
 * Administrators keep their password and second factor: a clinic's provider vouching for an
 * address must never open the marketplace's consoles (decision 057).
 */
function refusalFor(user: UserRow): OidcErrorCode | null {
  if (user.deletedAt || !user.isActive) return 'deactivated';
  if (user.userType === 'admin') return 'admin_account';
  return null;
}

/**
 * Who this provider identity is at Medora. A link (issuer + subject) decides first. Without one,
 * the e-mail may link to an existing account only when the provider says `email_verified: true`
 * and the account confirmed the address too: otherwise someone who registered another person's
 * address (and never confirmed it) would share that person's account. No account: a new person.
 */
export async function resolveIdentity(db: Db, identity: ProviderIdentity, now: Date): Promise<Resolution> {
  const linked = await linkedUser(db, identity);
  if (linked) {
    const refusal = refusalFor(linked);
    if (refusal) return { kind: 'refused', code: refusal };
    await db
      .update(oidcIdentities)
      .set({ lastSignInAt: now })
      .where(and(eq(oidcIdentities.issuer, identity.issuer), eq(oidcIdentities.subject, identity.subject)));
    return { kind: 'signed_in', user: linked };
  }
  const { email } = identity;
  if (!email) return { kind: 'refused', code: 'no_email' };
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!existing) return { kind: 'new_person', identity: { ...identity, email } };
  if (!identity.emailVerified) return { kind: 'refused', code: 'unverified_email' };
  const refusal = refusalFor(existing);
  if (refusal) return { kind: 'refused', code: refusal };
  if (!existing.emailVerifiedAt) return { kind: 'refused', code: 'unconfirmed_account' };
  try {
    await db.insert(oidcIdentities).values({
      userId: existing.id,
      issuer: identity.issuer,
      subject: identity.subject,
      emailAtLink: email,
      lastSignInAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'oidc_identities_user_issuer_key')) return { kind: 'refused', code: 'other_identity' };
    // The same person's two callbacks at once: the other one made the link.
    if (!isUniqueViolation(error)) throw error;
  }
  return { kind: 'signed_in', user: existing };
}

async function linkedUser(db: Db, identity: ProviderIdentity): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, identity.issuer), eq(oidcIdentities.subject, identity.subject)))
    .limit(1);
  return row?.user ?? null;
}

/**
 * The account of a new person who chose patient or doctor, linked to their provider identity, in
 * one transaction. It has no password (the provider signs them in; "Forgot password?" can add
 * one). An address the provider did not confirm gets Medora's own confirmation link, as sign-up does.
 */
export async function createLinkedAccount(
  db: Db,
  signup: PendingSignup,
  input: OidcSignupRequest,
  now: Date,
): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: signup.email,
          passwordHash: null,
          firstName: signup.firstName,
          lastName: signup.lastName,
          userType: input.userType,
          timeZone: input.timeZone ?? null,
          emailVerifiedAt: signup.emailVerified ? now : null,
        })
        .returning();
      await tx.insert(oidcIdentities).values({
        userId: user.id,
        issuer: signup.issuer,
        subject: signup.subject,
        emailAtLink: signup.email,
        lastSignInAt: now,
      });
      if (!signup.emailVerified) await enqueueAccountEmail(tx, { kind: 'verify_email', userId: user.id }, now);
      // An address the provider verified is verified here too: an approved application binds.
      else await bindApprovedApplication(tx, user.id, user.email, now);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw localizedError('conflict', 'errors.addressTakenMeantime');
    throw error;
  }
}
