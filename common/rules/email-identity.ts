/**
 * The person an e-mail address reaches, for "one reward per person": lower case, and without a
 * `+tag` in the local part (most providers deliver name+anything@ to name@). Other provider-specific
 * aliases (dots in Gmail) are left alone: folding them would join different people elsewhere.
 */
export function foldEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${lower.slice(at)}`;
}

/**
 * Addresses no person can own: the `.invalid` top-level domain never receives mail (RFC 2606), and
 * deleted accounts keep an address in it. Sign-up and e-mail change refuse them, so nobody can
 * squat a placeholder a deletion will need.
 */
export function isReservedEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return domain === 'invalid' || domain.endsWith('.invalid');
}

export const RESERVED_EMAIL_MESSAGE = 'This e-mail address cannot be used. Enter an address you can receive mail at.';
