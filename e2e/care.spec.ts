import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { expect, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

// Care between visits (issue 41): the demo patient keeps a lab result, shares it with the demo
// doctor (a paid visit of the seed) and writes to them; the doctor reads it. The doctor opening the
// conversation marks it read, so no "new message" bell or e-mail is left for other specs to see.
test('a patient uploads a lab result, shares it and writes to their doctor; the doctor answers with a document', async ({
  page,
  browser,
  loginAs,
  baseURL,
}) => {
  await loginAs('patient');
  const title = `Lab result ${Math.random().toString(36).slice(2, 8)}`;
  const doctorName = DEMO_ACCOUNTS[1].name;

  await page.goto('/my-documents');
  // The first screen of the run loads its chunks on a cold server.
  await expect(page.getByRole('heading', { level: 1, name: 'My Documents' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Title (optional)').fill(title);
  await page.getByLabel('Choose a file').setInputFiles({ name: 'lab.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('status').filter({ hasText: `${title} was added.` })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await item.getByLabel(`Share ${title} with`).selectOption({ label: doctorName });
  await item.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(item.getByRole('button', { name: `Stop sharing ${title} with ${doctorName}` })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await page.getByLabel('Doctor', { exact: true }).selectOption({ label: doctorName });
  await page.getByRole('button', { name: 'Start conversation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: doctorName })).toBeVisible();
  const text = `Here is my ${title}.`;
  await page.getByLabel('Your message').fill(text);
  await page.getByLabel('Attach one of my documents').selectOption({ label: title });
  await page.getByLabel('Your message').press('Enter');
  // In the thread: the field may still hold the words for a moment after Enter.
  await expect(page.getByRole('list', { name: /^Messages with / }).getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Attachment: ${title}` })).toBeVisible();

  const doctorContext = await browser.newContext({ baseURL });
  const doctor = await doctorContext.newPage();
  const { email, password } = DEMO_ACCOUNTS[1];
  expect((await doctor.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  await doctor.goto('/messages');
  await doctor.getByRole('link', { name: new RegExp(DEMO_ACCOUNTS[0].name) }).click();
  await expect(doctor.getByText(text, { exact: true })).toBeVisible();
  await expect(doctor.getByRole('link', { name: `Attachment: ${title}` })).toBeVisible();

  // The doctor answers with a document of their own: uploaded to the patient from the conversation
  // and attached to the reply, which reaches the patient's open conversation.
  const notes = `notes-${title.slice(-6)}.pdf`;
  await doctor.locator('input[type=file]').setInputFiles({ name: notes, mimeType: 'application/pdf', buffer: PDF });
  await expect(doctor.getByText(`${notes} is uploaded and attached.`)).toBeVisible();
  const answer = `Thank you; my notes on your ${title} are attached.`;
  await doctor.getByLabel('Your message').fill(answer);
  await doctor.getByRole('button', { name: 'Send' }).click();
  // In the thread (the field may still hold the words for a moment while the reply arrives).
  await expect(doctor.getByRole('list', { name: /^Messages with / }).getByText(answer, { exact: true })).toBeVisible();
  await expect(doctor.getByLabel('Your message')).toHaveValue('');
  await doctorContext.close();

  await expect(page.getByText(answer, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Attachment: ${notes}` })).toBeVisible();
});

// Prescriptions anyone can verify (issue 41 item 3): on the seed's completed visit of the demo pair,
// the doctor issues a prescription from the visit's page, the patient downloads its PDF from their
// visits, a signed-out visitor checks its code, the doctor revokes it and the code says so. The
// medication carries a run's own word, so a retry finds its own document among earlier ones.
test('a prescription is issued, downloaded, verified by a visitor, revoked, and the code then says revoked', async ({
  page,
  browser,
  loginAs,
  baseURL,
}) => {
  await loginAs('patient');
  const visits = (await (await page.request.get('/api/appointments/patient')).json()) as {
    id: string;
    status: string;
    reasonForVisit: string;
  }[];
  const visit = visits.find((a) => a.status === 'completed' && a.reasonForVisit === 'Persistent dry cough')!;
  expect(visit, 'the seed’s completed visit').toBeTruthy();
  const medication = `Amoxicillin 500 mg ${Math.random().toString(36).slice(2, 8)}`;
  const doctorName = DEMO_ACCOUNTS[1].name;

  const doctorContext = await browser.newContext({ baseURL });
  const doctor = await doctorContext.newPage();
  const { email, password } = DEMO_ACCOUNTS[1];
  expect((await doctor.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  // The patient's visits load while the doctor works: the documents load when the dialog opens.
  await Promise.all([doctor.goto(`/visit-notes/${visit.id}`), page.goto('/appointments')]);
  const issueForm = doctor.getByRole('form', { name: 'Issue a document' });
  await expect(issueForm).toBeVisible({ timeout: 20_000 });
  await issueForm.getByLabel('Medication').fill(medication);
  await issueForm.getByLabel('Dose').fill('1 capsule');
  await issueForm.getByLabel('How often').fill('three times a day');
  await issueForm.getByLabel('For how many days').fill('7');
  await issueForm.getByRole('button', { name: 'Issue', exact: true }).click();
  const issued = doctor.getByRole('listitem').filter({ hasText: medication });
  await expect(issued.getByRole('button', { name: /^Revoke the Prescription of / })).toBeVisible();

  const card = page.getByTestId('appointment-card').filter({ hasText: 'Persistent dry cough' });
  await card.getByRole('button', { name: 'Prescriptions and certificates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prescriptions and certificates' });
  const mine = dialog.getByRole('listitem').filter({ hasText: medication });
  await expect(mine.getByText('Valid', { exact: true })).toBeVisible();
  const code = /Code ([A-Z2-7-]+)/.exec((await mine.getByText(/^Code /).textContent()) ?? '')?.[1];
  expect(code).toMatch(/^([A-Z2-7]{4}-){5}[A-Z2-7]{4}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    mine.getByRole('link', { name: /^Download the Prescription of .* as a PDF$/ }).click(),
  ]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const pdf = Buffer.concat(chunks);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);

  // A pharmacist: a fresh browser, signed out, with only the code from the paper.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/verify/${code}`);
  await expect(visitor.getByText('This document is valid.')).toBeVisible({ timeout: 20_000 });
  await expect(visitor.getByText(doctorName, { exact: false })).toBeVisible();
  await expect(visitor.getByText('Prescription', { exact: true })).toBeVisible();
  await expect(visitor.getByText(medication)).toHaveCount(0);

  await issued.getByRole('button', { name: /^Revoke the Prescription of / }).click();
  await issued.getByLabel('Reason (the patient is told)').fill('Wrong dose written');
  await issued.getByRole('button', { name: 'Revoke document' }).click();
  await expect(issued.getByText('Revoked: Wrong dose written')).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByText('This document was revoked by its doctor.')).toBeVisible();
  await expect(visitor.getByText('This document is valid.')).toHaveCount(0);
  await visitorContext.close();
  await doctorContext.close();
});
