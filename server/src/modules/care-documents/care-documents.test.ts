import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createAppointment, createPatientProfile } from '../../db/factories';
import { auditEvents, careDocuments, emailMessages, familyMembers, users } from '../../db/schema';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { SIGNED_CONTENT_FILE } from './pdf';
import { rotateDatabaseKey, verifyContent } from './signing';

const clock = fixedClock(new Date('2026-03-10T15:00:00Z'));
const STARTED = new Date('2026-03-10T14:00:00Z');
const LATER = new Date('2026-03-12T14:00:00Z');
let t: TestContext;
let dir: string;
type Who = { cookie: string; user: { id: string } };
let doctor: Who & { doctor: { id: string } };
let otherDoctor: Who;
let patient: Who;
let stranger: Who;
let admin: Who;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_ORIGIN: 'https://medora.test' }, { clock });
  dir = mkdtempSync(path.join(tmpdir(), 'medora-rx-'));
  doctor = await bookableDoctor(t.db, {
    user: { firstName: 'Amara', lastName: 'Okafor' },
    doctor: { specialty: 'Family Medicine', licenseNumber: 'GMC-7741902', officeAddress: 'Friedrichstrasse 12' },
  });
  otherDoctor = await bookableDoctor(t.db);
  patient = await signedInUser(t.db, { firstName: 'Lena', lastName: 'Vogel' });
  stranger = await signedInUser(t.db);
  admin = await signedInUser(t.db, { userType: 'admin' });
  await createPatientProfile(t.db, patient.user.id);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let visits = 0;
async function visit(status: 'completed' | 'confirmed' | 'cancelled' = 'confirmed', startsAt?: Date) {
  return createAppointment(t.db, {
    patientId: patient.user.id,
    doctorId: doctor.doctor.id,
    startsAt: startsAt ?? new Date(STARTED.getTime() - ++visits * 60_000),
    timeZone: 'Europe/Berlin',
    status,
  });
}

const PRESCRIPTION = {
  items: [{ medication: 'Amoxicillin 500 mg', dose: '1 capsule', frequency: 'three times a day', durationDays: 7 }],
  notes: 'Take with food.',
};
const SICK_NOTE = { kind: 'sick_note', from: '2026-03-10', to: '2026-03-13', notes: 'Acute bronchitis.' };

const call = (who: Who | null, method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) =>
  t.app.inject({ method, url, headers: { ...(who && { cookie: who.cookie }), ...headers }, payload });
const prescribe = (who: Who, id: string, body: object = PRESCRIPTION) =>
  call(who, 'POST', `/api/doctor/appointments/${id}/prescriptions`, body);
const certify = (who: Who, id: string, body: object = SICK_NOTE) =>
  call(who, 'POST', `/api/doctor/appointments/${id}/certificates`, body);
const count = async () => (await t.db.select({ id: careDocuments.id }).from(careDocuments)).length;

function pdfText(pdf: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** The signed content a copy carries, as an offline verifier reads it (poppler's pdfdetach). */
function embeddedContent(pdf: Buffer, name: string): unknown {
  const file = path.join(dir, `${name}-detach.pdf`);
  writeFileSync(file, pdf);
  const out = path.join(dir, `${name}.json`);
  execFileSync('pdfdetach', ['-savefile', SIGNED_CONTENT_FILE, '-o', out, file]);
  return JSON.parse(readFileSync(out, 'utf8'));
}

describe('who may issue (attackers first)', () => {
  it('a stranger, another doctor and an administrator get 403/404 and nothing is stored', async () => {
    const a = await visit();
    const before = await count();
    expect((await prescribe(stranger, a.id)).statusCode).toBe(403);
    expect((await prescribe(otherDoctor, a.id)).statusCode).toBe(404);
    expect((await certify(otherDoctor, a.id)).statusCode).toBe(404);
    expect((await prescribe(admin, a.id)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/doctor/appointments/${a.id}/prescriptions`, PRESCRIPTION)).statusCode).toBe(
      401,
    );
    expect(await count()).toBe(before);
  });

  it('before the visit started, or on a cancelled one, the visit’s own doctor is refused with 409', async () => {
    const future = await visit('confirmed', LATER);
    const cancelled = await visit('cancelled');
    const before = await count();
    const early = await prescribe(doctor, future.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('once the visit has started');
    expect((await certify(doctor, cancelled.id)).statusCode).toBe(409);
    expect(await count()).toBe(before);
  });

  it('control characters, impossible and out-of-range dates are a 400 and store nothing', async () => {
    const a = await visit();
    const before = await count();
    const bad = [
      () => prescribe(doctor, a.id, { items: [{ ...PRESCRIPTION.items[0], medication: 'Amox\u0000icillin' }] }),
      () => prescribe(doctor, a.id, { items: [{ ...PRESCRIPTION.items[0], dose: 'one\u0007' }] }),
      () => prescribe(doctor, a.id, { items: [] }),
      () => prescribe(doctor, a.id, { items: [{ ...PRESCRIPTION.items[0], durationDays: 0 }] }),
      () => certify(doctor, a.id, { ...SICK_NOTE, from: '2026-02-30' }),
      () => certify(doctor, a.id, { ...SICK_NOTE, from: '2026-03-14', to: '2026-03-13' }),
      () => certify(doctor, a.id, { ...SICK_NOTE, from: '2026-01-01', to: '2026-01-05' }),
      () => certify(doctor, a.id, { ...SICK_NOTE, from: '2026-03-10', to: '2026-12-31' }),
      () => certify(doctor, a.id, { ...SICK_NOTE, from: '99999-01-01' }),
      () => certify(doctor, a.id, { kind: 'referral', to: 'Cardiology\u001b[31m', reason: 'Murmur' }),
      () => certify(doctor, a.id, { kind: 'diagnosis', text: 'x' }),
    ];
    for (const [i, attempt] of bad.entries()) {
      const res = await attempt();
      expect(res.statusCode, `attempt ${i}: ${res.body}`).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});

describe('issuing, reading and verifying', () => {
  it('the visit’s doctor issues a prescription; the patient reads and downloads it; strangers get 404', async () => {
    const a = await visit();
    const issued = await prescribe(doctor, a.id);
    expect(issued.statusCode, issued.body).toBe(201);
    const doc = issued.json();
    expect(doc).toMatchObject({
      kind: 'prescription',
      appointmentId: a.id,
      revokedAt: null,
      title: 'Amoxicillin 500 mg',
    });
    expect(doc.code).toMatch(/^[A-Z2-7]{24}$/);

    const mine = await call(patient, 'GET', `/api/appointments/${a.id}/care-documents`);
    expect(mine.json()).toEqual([doc]);
    for (const who of [stranger, otherDoctor]) {
      expect((await call(who, 'GET', `/api/appointments/${a.id}/care-documents`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/api/care-documents/${doc.id}/pdf`)).statusCode).toBe(404);
    }

    const pdf = await call(patient, 'GET', `/api/care-documents/${doc.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('no-store');
    const text = pdfText(pdf.rawPayload, 'prescription');
    for (const words of [
      'Prescription',
      'Dr. Amara Okafor',
      'GMC-7741902',
      'Friedrichstrasse 12',
      'Lena Vogel',
      'May 1, 1990',
      'March 10, 2026',
      'Amoxicillin 500 mg: 1 capsule, three times a day, for 7 days',
      'Take with food.',
      doc.code.replace(/(.{4})(?=.)/g, '$1-'),
    ]) {
      expect(text).toContain(words);
    }
    expect(text.replace(/\s+/g, ' ')).toContain('whether the document is valid or revoked');
    // The verify page's public answer never carries the medication.
    const verified = await call(null, 'GET', `/api/verify/${doc.code}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      status: 'valid',
      kind: 'prescription',
      issuedOn: '2026-03-10',
      issuer: { name: 'Dr. Amara Okafor', licenseNumber: 'GMC-7741902', specialty: 'Family Medicine' },
    });
    expect(verified.body).not.toMatch(/Amoxicillin|capsule|food|Lena|Vogel|1990/);
    // Grouped, lower case: what a person types from paper.
    expect(
      (await call(null, 'GET', `/api/verify/${doc.code.toLowerCase().replace(/(.{4})(?=.)/g, '$1-')}`)).json().status,
    ).toBe('valid');
  });

  it('the doctor’s read is audited; the patient’s own read is not', async () => {
    const a = await visit('completed');
    const doc = (await certify(doctor, a.id)).json();
    const reads = () =>
      t.db
        .select({ actor: auditEvents.actorId })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'patient_record.read'), eq(auditEvents.targetId, a.id)));
    await call(patient, 'GET', `/api/care-documents/${doc.id}/pdf`);
    expect(await reads()).toEqual([]);
    await call(doctor, 'GET', `/api/care-documents/${doc.id}/pdf`);
    expect((await reads()).map((r) => r.actor)).toEqual([doctor.user.id]);
    const issues = await t.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'care_document.issue'), eq(auditEvents.targetId, doc.id)));
    expect(issues).toEqual([{ after: { kind: 'sick_note', appointmentId: a.id } }]);
  });

  it('a forged, malformed or tampered code is a 404', async () => {
    const a = await visit();
    const doc = (await certify(doctor, a.id, { kind: 'referral', to: 'Cardiology, Charité', reason: 'Murmur' })).json();
    expect((await call(null, 'GET', `/api/verify/${'A'.repeat(24)}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/verify/not-a-code`)).statusCode).toBe(404);
    const oneOff = doc.code.slice(0, 23) + (doc.code.endsWith('A') ? 'B' : 'A');
    expect((await call(null, 'GET', `/api/verify/${oneOff}`)).statusCode).toBe(404);
    // A row whose signature was altered in the database no longer verifies.
    const [row] = await t.db.select().from(careDocuments).where(eq(careDocuments.id, doc.id));
    const flipped = (row.signature[0] === 'A' ? 'B' : 'A') + row.signature.slice(1);
    await t.db.update(careDocuments).set({ signature: flipped }).where(eq(careDocuments.id, doc.id));
    expect((await call(null, 'GET', `/api/verify/${doc.code}`)).statusCode).toBe(404);
    await t.db.update(careDocuments).set({ signature: row.signature }).where(eq(careDocuments.id, doc.id));
    expect((await call(null, 'GET', `/api/verify/${doc.code}`)).statusCode).toBe(200);
  });

  it('a copy checks out offline against the published key, and a tampered copy does not', async () => {
    const a = await visit();
    const doc = (await prescribe(doctor, a.id)).json();
    const pdf = (await call(patient, 'GET', `/api/care-documents/${doc.id}/pdf`)).rawPayload;
    const content = embeddedContent(pdf, 'offline') as { code: string; body: { items: { dose: string }[] } };
    const text = pdfText(pdf, 'offline-text');
    const keyId = /Signing key: ([0-9a-f]{16})/.exec(text)?.[1];
    const signature = /Signature \(Ed25519\): (\S+)/.exec(text.replace(/\n\s*/g, ''))?.[1];
    expect(keyId).toBeDefined();
    const keys = (await call(null, 'GET', '/api/verify/keys')).json() as {
      keys: { keyId: string; publicKey: string }[];
    };
    const key = keys.keys.find((k) => k.keyId === keyId)!;
    expect(content.code).toBe(doc.code);
    expect(verifyContent(key.publicKey, content, signature!)).toBe(true);
    const tampered = structuredClone(content);
    tampered.body.items[0].dose = '10 capsules';
    expect(verifyContent(key.publicKey, tampered, signature!)).toBe(false);
  });

  it('after a key rotation, old documents still verify and new ones name the new key', async () => {
    const a = await visit();
    const old = (await prescribe(doctor, a.id)).json();
    const newKey = await rotateDatabaseKey(t.db);
    const fresh = (await prescribe(doctor, a.id)).json();
    const oldCheck = (await call(null, 'GET', `/api/verify/${old.code}`)).json();
    const newCheck = (await call(null, 'GET', `/api/verify/${fresh.code}`)).json();
    expect(oldCheck.status).toBe('valid');
    expect(oldCheck.keyId).not.toBe(newKey);
    expect(newCheck.keyId).toBe(newKey);
    const keys = (await call(null, 'GET', '/api/verify/keys')).json();
    expect(keys.keys.map((k: { keyId: string }) => k.keyId)).toEqual(expect.arrayContaining([oldCheck.keyId, newKey]));
    expect(keys.keys.find((k: { current: boolean }) => k.current).keyId).toBe(newKey);
  });

  it('the PDF is in the patient’s language', async () => {
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, patient.user.id));
    try {
      const a = await visit();
      const doc = (await certify(doctor, a.id)).json();
      const text = pdfText((await call(patient, 'GET', `/api/care-documents/${doc.id}/pdf`)).rawPayload, 'es');
      expect(text).toContain('Baja médica');
      expect(text).toContain('Número de colegiado');
    } finally {
      await t.db.update(users).set({ language: 'en' }).where(eq(users.id, patient.user.id));
    }
  });
});

describe('the after-visit summary', () => {
  it('carries the same header: the doctor’s licence and practice, the patient’s name and date of birth', async () => {
    const a = await visit('completed');
    const shared = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${a.id}/visit-notes`,
      headers: { cookie: doctor.cookie },
      payload: { diagnosis: 'A cold.', advice: 'Rest.', share: true },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const pdf = await call(patient, 'GET', `/api/appointments/${a.id}/visit-summary.pdf`);
    const text = pdfText(pdf.rawPayload, 'summary');
    for (const words of ['GMC-7741902', 'Friedrichstrasse 12', 'Lena Vogel', 'May 1, 1990', 'Dr. Amara Okafor']) {
      expect(text).toContain(words);
    }
  });
});

describe('revocation', () => {
  it('only the issuing doctor revokes; the code then says revoked; the patient is told without the medication', async () => {
    const a = await visit();
    const doc = (await prescribe(doctor, a.id)).json();
    const revoke = (who: Who, payload: object = { reason: 'Wrong dose written' }) =>
      call(who, 'POST', `/api/care-documents/${doc.id}/revoke`, payload);
    expect((await revoke(otherDoctor)).statusCode).toBe(404);
    expect((await revoke(patient)).statusCode).toBe(403);
    expect((await revoke(doctor, { reason: 'bad\u0000' })).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/verify/${doc.code}`)).json().status).toBe('valid');

    const done = await call(
      doctor,
      'POST',
      `/api/care-documents/${doc.id}/revoke`,
      { reason: 'Wrong dose written' },
      {
        'idempotency-key': `revoke-${doc.id}`,
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ revokedAt: clock.now().toISOString(), revokeReason: 'Wrong dose written' });
    // The same request again is the same answer, not a second revocation.
    const again = await call(
      doctor,
      'POST',
      `/api/care-documents/${doc.id}/revoke`,
      { reason: 'Wrong dose written' },
      {
        'idempotency-key': `revoke-${doc.id}`,
      },
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await revoke(doctor)).statusCode).toBe(409);

    const check = (await call(null, 'GET', `/api/verify/${doc.code}`)).json();
    expect(check).toMatchObject({ status: 'revoked', revokedOn: '2026-03-10' });

    const bells = (await call(patient, 'GET', '/api/notifications')).json() as { type: string; message: string }[];
    const bell = bells.find((n) => n.type === 'care_document_revoked');
    expect(bell?.message).toContain('Wrong dose written');
    expect(bell?.message).not.toContain('Amoxicillin');

    await t.app.jobWorker.runDue();
    const mails = await t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.kind, 'care_document_revoked'), eq(emailMessages.userId, patient.user.id)));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your doctor revoked a document');
    expect(mails[0].textBody).toContain('Wrong dose written');
    expect(mails[0].textBody).toContain('Dr. Amara Okafor');
    expect(`${mails[0].textBody}${mails[0].htmlBody}`).not.toMatch(/Amoxicillin|capsule|three times/);
  });
});

describe('the data export', () => {
  it('holds my prescriptions and certificates, revoked ones and my child’s too; another patient’s export holds none of them', async () => {
    const other = await signedInUser(t.db, { firstName: 'Omar', lastName: 'Haddad' });
    const othersVisit = await createAppointment(t.db, {
      patientId: other.user.id,
      doctorId: doctor.doctor.id,
      startsAt: new Date(STARTED.getTime() - 30 * 60_000),
      status: 'completed',
    });
    const othersDoc = (await prescribe(doctor, othersVisit.id)).json();
    const [child] = await t.db
      .insert(familyMembers)
      .values({
        holderId: patient.user.id,
        firstName: 'Mia',
        lastName: 'Vogel',
        dateOfBirth: '2019-04-02',
        relationship: 'child',
      })
      .returning();
    const own = await visit('completed');
    const forChild = await createAppointment(t.db, {
      patientId: patient.user.id,
      doctorId: doctor.doctor.id,
      familyMemberId: child.id,
      startsAt: new Date(STARTED.getTime() - 40 * 60_000),
      timeZone: 'Europe/Berlin',
      status: 'completed',
    });
    const rx = (await prescribe(doctor, own.id)).json();
    const note = (await certify(doctor, own.id)).json();
    expect(
      (await call(doctor, 'POST', `/api/care-documents/${note.id}/revoke`, { reason: 'Issued on the wrong visit' }))
        .statusCode,
    ).toBe(200);
    const referral = (
      await certify(doctor, forChild.id, { kind: 'referral', to: 'Paediatric cardiology', reason: 'Murmur' })
    ).json();

    const mine = await call(patient, 'GET', '/api/patients/me/export');
    expect(mine.statusCode).toBe(200);
    const exported = mine.json().careDocuments as { id: string; verificationCode: string }[];
    const byId = (id: string) => exported.find((d) => d.id === id);
    const issuer = {
      name: 'Dr. Amara Okafor',
      specialty: 'Family Medicine',
      licenseNumber: 'GMC-7741902',
      practice: expect.stringContaining('Friedrichstrasse 12'),
    };
    expect(byId(rx.id)).toEqual({
      id: rx.id,
      appointmentId: own.id,
      familyMemberId: null,
      kind: 'prescription',
      issuedAt: clock.now().toISOString(),
      language: 'en',
      issuer,
      patient: { name: 'Lena Vogel', dateOfBirth: '1990-05-01' },
      status: 'valid',
      revokedAt: null,
      revokeReason: null,
      verificationCode: rx.code,
      verify: `/verify/${rx.code}`,
      content: PRESCRIPTION,
      pdf: `/api/care-documents/${rx.id}/pdf`,
    });
    expect(byId(note.id)).toMatchObject({
      kind: 'sick_note',
      issuer,
      status: 'revoked',
      revokedAt: clock.now().toISOString(),
      revokeReason: 'Issued on the wrong visit',
      verificationCode: note.code,
      content: { from: '2026-03-10', to: '2026-03-13', notes: 'Acute bronchitis.' },
    });
    expect(byId(referral.id)).toMatchObject({
      kind: 'referral',
      appointmentId: forChild.id,
      familyMemberId: child.id,
      status: 'valid',
      // The document names the child it was written for, not the parent who booked.
      patient: { name: 'Mia Vogel', dateOfBirth: '2019-04-02' },
      content: { to: 'Paediatric cardiology', reason: 'Murmur', notes: '' },
    });
    expect(mine.body).not.toContain(othersDoc.code);
    expect(byId(othersDoc.id)).toBeUndefined();

    const theirs = (await call(other, 'GET', '/api/patients/me/export')).json().careDocuments as { id: string }[];
    expect(theirs.map((d) => d.id)).toEqual([othersDoc.id]);
    for (const code of [rx.code, note.code, referral.code]) {
      expect(JSON.stringify(theirs)).not.toContain(code);
    }
    expect((await call(stranger, 'GET', '/api/patients/me/export')).json().careDocuments).toEqual([]);
  });
});

describe('the public verify endpoint', () => {
  it('is rate limited per address', async () => {
    const codes = Array.from({ length: 40 }, () => 'B'.repeat(24));
    const statuses: number[] = [];
    for (const code of codes) {
      statuses.push((await call(null, 'GET', `/api/verify/${code}`)).statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(30);
  });
});
