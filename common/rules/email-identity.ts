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
