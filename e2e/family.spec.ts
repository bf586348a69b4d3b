import { dateInDays } from './clock';
import { expect, test } from './fixtures';

/**
 * Issue 42: a parent adds their child on /profile, books a visit for the child with the demo
 * doctor, and the doctor's book names the child, born when, and who booked it. The parent is a new
 * patient of their own: the booking is left unpaid and holds its slot (docs/testing.md).
 */
test('a parent adds a child, books for them, and the doctor sees the child’s name and who booked', async ({
  page,
  browser,
  baseURL,
  signUpPatient,
}) => {
  const parent = await signUpPatient();
  const child = { firstName: 'Lina', lastName: `${parent.lastName}-${Date.now().toString(36)}` };

  // The doctor's context first: it finds the demo doctor for the parent's booking link.
  const doctorContext = await browser.newContext({ baseURL });
  const doctor = await doctorContext.newPage();
  const login = await doctor.request.post('/api/auth/login', {
    data: { email: 'doctor@example.com', password: 'medora-demo' },
  });
  expect(login.status()).toBe(200);
  const past = await (await doctor.request.get('/api/doctor/appointments?when=past')).json();
  const doctorId = (past as { items: { doctorId: string }[] }).items[0].doctorId;

  await page.goto('/profile');
  const family = page.getByRole('region', { name: 'Family members' });
  await family.getByRole('button', { name: 'Add a family member' }).click();
  await family.getByLabel('First name').fill(child.firstName);
  await family.getByLabel('Last name').fill(child.lastName);
  await family.getByLabel('Date of birth').fill('2018-05-04');
  await family.getByLabel('Who they are to you').selectOption({ label: 'My child' });
  await family.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Family member saved', { exact: true })).toBeVisible();
  await expect(family.getByText(`${child.firstName} ${child.lastName}`)).toBeVisible();

  const reason = `Earache since the weekend, ${Date.now()}`;
  await page.goto(`/book-appointment?doctorId=${doctorId}`);
  await expect(page.getByRole('heading', { name: 'Book Appointment' })).toBeVisible();
  await page.getByLabel('Who is this visit for?').selectOption({ label: `${child.firstName} ${child.lastName}` });
  await page.getByRole('radiogroup', { name: 'Consultation type' }).getByRole('radio').first().click();
  // Two days ahead at least: the visit cannot start while the test runs.
  await page.getByLabel('Date').fill(dateInDays(2));
  await page.getByRole('radiogroup', { name: 'Available times' }).locator('button:not([disabled])').first().click();
  await page.getByLabel('Reason for visit').fill(reason);
  await page.getByRole('button', { name: 'Review Booking' }).click();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page).toHaveURL(/\/checkout\?appointmentId=/);

  // The doctor's book: the child's own name and birth date first, then who booked it.
  await doctor.setViewportSize({ width: 1600, height: 900 });
  await doctor.goto('/doctor/appointments');
  const row = doctor.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem').filter({
    hasText: reason,
  });
  await expect(row.getByText(new RegExp(`^${child.firstName} ${child.lastName}, born `))).toBeVisible();
  await expect(row.getByText(`booked by their parent, ${parent.firstName} ${parent.lastName}`)).toBeVisible();
  await doctorContext.close();
});
