import { DEMO_ACCOUNTS } from '../common/schemas/meta';
import { expect, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

// Care between visits (issue 41): the demo patient keeps a lab result, shares it with the demo
// doctor (a paid visit of the seed) and writes to them; the doctor reads it. The doctor opening the
// conversation marks it read, so no "new message" bell or e-mail is left for other specs to see.
test('a patient uploads a lab result, shares it with their doctor and writes to them; the doctor reads it', async ({
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
  await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Attachment: ${title}` })).toBeVisible();

  const doctorContext = await browser.newContext({ baseURL });
  const doctor = await doctorContext.newPage();
  const { email, password } = DEMO_ACCOUNTS[1];
  expect((await doctor.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
  await doctor.goto('/messages');
  await doctor.getByRole('link', { name: new RegExp(DEMO_ACCOUNTS[0].name) }).click();
  await expect(doctor.getByText(text, { exact: true })).toBeVisible();
  await expect(doctor.getByRole('link', { name: `Attachment: ${title}` })).toBeVisible();
  await doctorContext.close();
});
