import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkHealthReads, healthReadsIn } from './health-reads.mjs';

const route = 'server/src/modules/patients/routes.ts';

describe('the health-reads check', () => {
  it('finds a select, a join, an alias and SQL text reading a health table', () => {
    const text = [
      'const [row] = await db.select().from(patientProfiles).where(eq(patientProfiles.userId, id));',
      '  .leftJoin(visitNotes, eq(visitNotes.appointmentId, appointments.id))',
      "const seen = alias(chatMessages, 'seen');",
      'await db.execute(sql`select text_body from email_messages where id = ${id}`);',
      'await db.execute(sql`select * from ${chatMessages}`);',
    ].join('\n');
    expect(healthReadsIn(route, text)).toEqual([
      `${route}:1: selects from patient_profiles outside server/src/policies`,
      `${route}:2: joins visit_notes outside server/src/policies`,
      `${route}:3: aliases chat_messages outside server/src/policies`,
      `${route}:5: reads chat_messages outside server/src/policies`,
      `${route}:4: reads email_messages outside server/src/policies`,
    ]);
  });

  it('leaves writes alone and finds the access audit written by hand', () => {
    const text = [
      'await tx.delete(patientProfiles).where(eq(patientProfiles.userId, id));',
      'await tx.update(chatMessages).set({ senderName: "Deleted User" });',
      'await tx.execute(sql`delete from email_messages where user_id = ${id}`);',
      "import { recordRead } from '../../policies/access-audit';",
      "await recordAudit(db, actor, { action: 'patient_record.read', target }, now);",
    ].join('\n');
    expect(healthReadsIn(route, text)).toEqual([
      `${route}:4: writes the access audit by hand (only policies/ may)`,
      `${route}:5: writes the access audit by hand (only policies/ may)`,
    ]);
  });

  it("finds an appointment's health columns read outside the policies and their named presenters", () => {
    const text = [
      'return { reason: row.reasonForVisit, notes: row.additionalNotes };',
      '.select({ reason: appointments.reasonForVisit })',
      'await db.execute(sql`select a.reason_for_visit from appointments a`);',
    ].join('\n');
    expect(healthReadsIn(route, text)).toEqual([
      `${route}:1: reads appointments.reason_for_visit outside server/src/policies`,
      `${route}:2: reads appointments.reason_for_visit outside server/src/policies`,
      `${route}:3: reads appointments.reason_for_visit outside server/src/policies`,
      `${route}:1: reads appointments.additional_notes outside server/src/policies`,
    ]);
    // The presenter of the rows readAppointment loads is named, with why.
    expect(healthReadsIn('server/src/modules/appointments/queries.ts', text)).toEqual([]);
  });

  it('leaves writes of those columns alone: the booking stores the body, deletion blanks them', () => {
    const text = [
      'values({ reasonForVisit: body.reasonForVisit, additionalNotes: body.additionalNotes || null })',
      ".set({ reasonForVisit: '', additionalNotes: null })",
      "await tx.execute(sql`update appointments set reason_for_visit = '' where id = ${id}`);",
      "reasonForVisit: text('reason_for_visit').notNull(),",
      "redact: ['*.reasonForVisit'],",
    ].join('\n');
    expect(healthReadsIn(route, text)).toEqual([]);
  });

  it('finds ownership restated instead of asked of the policies', () => {
    const text = [
      '.where(and(eq(appointments.id, id), eq(doctors.userId, user.id)))',
      '.where(eq(appointments.patientId, user.id))',
      'listedWhere(ne(doctors.userId, patientId))',
      '.where(and(eq(receipts.id, id), eq(receipts.buyerId, user.id)))',
      'if (view.doctor.userId !== userId) throw forbidden();',
      'if (doctor.userId === patient.id) throw refused();',
      // Joins name the doctor's account without saying whose the record is: not ownership.
      '.innerJoin(users, eq(users.id, doctors.userId))',
    ].join('\n');
    expect(healthReadsIn(route, text)).toEqual(
      [1, 3, 2, 4, 5, 6].map((line) => `${route}:${line}: restates ownership (ask server/src/policies)`),
    );
  });

  it('finds nothing in the repository as it stands', () => {
    expect(checkHealthReads(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});
