import { eq } from 'drizzle-orm';
import {
  CREDENTIAL_FIELDS,
  type CredentialValue,
  type DoctorProfile,
  type DoctorProfileUpdate,
  type MyDoctorProfile,
  type PendingCredentials,
} from '@common/schemas/doctor-profile';
import { profileCompleteness, PUBLISH_THRESHOLD } from '@common/rules/profile-completeness';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import type { SessionUser } from '../../core/session-user';
import { myProfileOf, presentDoctorProfile } from '../doctor-record/present';
import { ensureDoctorRow, ownDoctorRow } from '../doctor-record/rows';
import { publish } from '../doctor-verification/commands';
import { isListed } from '../listing/rule';
import { doctorsOwnedBy } from '../../policies/doctor';

type DoctorRow = typeof doctors.$inferSelect;
type Changes = Partial<typeof doctors.$inferInsert>;

export { ensureDoctorRow };

export async function getOwnProfile(db: Db, userId: string): Promise<MyDoctorProfile | null> {
  const row = await ownDoctorRow(db, userId);
  return row ? myProfileOf(db, row) : null;
}

/** Others see a doctor only while listed (listing/rule.ts); the doctor and admins always do. */
export async function getProfileByUserId(db: Db, viewer: SessionUser | null, userId: string): Promise<DoctorProfile> {
  const [found] = await db
    .select({
      doctor: doctors,
      account: {
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        isActive: users.isActive,
      },
    })
    .from(doctors)
    .innerJoin(users, eq(users.id, doctors.userId))
    .where(doctorsOwnedBy({ id: userId }))
    .limit(1);
  const mayView =
    found &&
    (isListed({ doctor: found.doctor, account: found.account }) ||
      viewer?.id === userId ||
      viewer?.userType === 'admin');
  if (!found || !mayView) throw notFound('Doctor');
  return presentDoctorProfile(found.doctor, found.account);
}

/** Stores the server's own completeness for a just-saved row (a fee of 0 counts as not set). */
export async function refreshCompleteness(db: Db, saved: DoctorRow): Promise<DoctorRow> {
  const completeness = profileCompleteness({ ...saved, consultationFee: saved.consultationFee || null });
  const [row] = await db
    .update(doctors)
    .set({ profileCompleteness: completeness })
    .where(eq(doctors.id, saved.id))
    .returning();
  return row;
}

/**
 * Saves a draft. Undefined fields stay as they are; completeness is recomputed here from the
 * stored result, never taken from the client. The video fee is the form's consultation fee.
 *
 * The old single `availableFrom`/`availableTo` pair is still accepted (and checked) from old
 * clients but never stored: the weekly hours have one writer, the schedule save, which keeps the
 * pair in step as the week's earliest start and latest end (decision 070).
 */
export async function saveProfile(db: Db, userId: string, input: DoctorProfileUpdate): Promise<MyDoctorProfile> {
  const {
    profileCompleteness: _ignored,
    availableFrom: _derivedFrom,
    availableTo: _derivedTo,
    consultationFee,
    ...rest
  } = input;
  const changes: Changes = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  if (changes.specialty === null) changes.specialty = '';
  if (changes.location === null) changes.location = '';
  if (changes.country === null) changes.country = '';
  if (consultationFee !== undefined) {
    changes.consultationFee = consultationFee ?? 0;
    changes.videoCallFee = consultationFee;
  }
  return db.transaction(async (tx) => {
    const before = await lockedRow(tx as unknown as Db, userId);
    const held = holdCredentialChanges(before, changes);
    const [saved] = await tx
      .insert(doctors)
      .values({ userId, ...held })
      .onConflictDoUpdate({ target: doctors.userId, set: { ...held, updatedAt: new Date() } })
      .returning();
    return myProfileOf(tx as unknown as Db, await refreshCompleteness(tx as unknown as Db, saved));
  });
}

/** The doctor's row, locked so two saves cannot both read the same pending credentials. */
async function lockedRow(tx: Db, userId: string): Promise<DoctorRow | null> {
  const [row] = await tx
    .select()
    .from(doctors)
    .where(doctorsOwnedBy({ id: userId }))
    .for('update');
  return row ?? null;
}

// An empty text or list and none at all are the same claim: nothing.
const normalised = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
    ? null
    : JSON.stringify(value);

// A text column stores a lone surrogate as U+FFFD (the driver sends UTF-8); jsonb refuses it
// outright, so the held value is made what the column would have stored.
const asStored = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
const wellFormed = (value: unknown): CredentialValue => {
  if (typeof value === 'string') return asStored(value);
  if (Array.isArray(value)) return value.map((item: string) => asStored(item));
  return (value as CredentialValue) ?? null;
};

/**
 * An administrator verified a verified doctor's credentials; patients keep seeing those until an
 * administrator approves a change (doctor-verification/commands.ts). So a verified doctor's new
 * credential values are held aside as pending, and a value sent back to the verified one withdraws
 * its change. A doctor not verified has nothing checked yet: the values are saved as they are, and
 * any change still held for the same field is dropped.
 */
function holdCredentialChanges(before: DoctorRow | null, changes: Changes): Changes {
  const sent = CREDENTIAL_FIELDS.filter((field) => changes[field] !== undefined);
  if (!before || sent.length === 0) return changes;
  const pending: PendingCredentials = { ...before.pendingCredentials };
  const kept: Changes = { ...changes };
  for (const field of sent) {
    delete pending[field];
    if (!before.isVerified) continue;
    if (normalised(changes[field]) !== normalised(before[field])) pending[field] = wellFormed(changes[field]);
    delete kept[field];
  }
  return { ...kept, pendingCredentials: Object.keys(pending).length ? pending : null };
}

/** Draft → pending_verification, only at 70 % or more (one conditional UPDATE, no read-then-write). */
export async function publishProfile(db: Db, userId: string): Promise<MyDoctorProfile> {
  const published = await publish(db, userId, new Date());
  if (published) return myProfileOf(db, published);
  const row = await ownDoctorRow(db, userId);
  const current = row?.profileCompleteness ?? 0;
  throw localizedError(
    'bad_request',
    'errors.publishThreshold',
    { current, threshold: PUBLISH_THRESHOLD },
    { profileCompleteness: { key: 'errors.publishThresholdField', values: { threshold: PUBLISH_THRESHOLD } } },
  );
}
