/** The referral page's failure text, chosen by what the server's message says. */
export function referralFailureText(serverMessage: string | undefined): string {
  const message = (serverMessage ?? '').toLowerCase();
  if (message.includes('already referred')) return 'You have already referred this person.';
  if (message.includes('invalid email')) return 'Please enter a valid email address.';
  if (message.includes('duplicate')) return 'This person has already been referred by someone else.';
  return 'Please try again later.';
}
