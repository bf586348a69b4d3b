import { NON_EMERGENCY_NOTICE } from '@common/constants/email';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The small stand-alone pages an unsubscribe link opens; no script, so the site's CSP holds. */
export function unsubscribePage(state: 'confirm' | 'done' | 'invalid', token = ''): string {
  const body =
    state === 'confirm'
      ? `<h1>Unsubscribe from marketing e-mail?</h1>
<p>You will still receive e-mail about your appointments, payments and account.</p>
<form method="post" action="/api/email/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button>
</form>`
      : state === 'done'
        ? `<h1>You are unsubscribed</h1>
<p>Medora will send you no more marketing e-mail. E-mail about your appointments, payments and account still arrives.</p>`
        : `<h1>This link is not valid</h1>
<p>The unsubscribe link is incomplete or was changed. Open it again from the e-mail, or change your e-mail choices on your profile.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Medora e-mail preferences</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #0f172a">
<p style="font-weight: 700; color: #0f766e">Medora</p>
${body}
<p><a href="/">Go to Medora</a></p>
<p style="font-size: .8rem; color: #64748b">${escapeHtml(NON_EMERGENCY_NOTICE)}</p>
</body></html>`;
}
