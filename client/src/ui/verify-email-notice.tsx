import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { errorMessage } from '../lib/api';
import { endpoint } from '../lib/endpoint';
import { useT } from '../lib/i18n/use-t';
import { Button } from './button';

// Part of the shell: the schema comes with the request, not in the entry script.
const resendVerification = endpoint('POST', '/api/auth/email/resend', () =>
  import('@common/schemas/account').then((m) => m.accountMessageReplySchema),
);

/**
 * The one notice of an unconfirmed address: what is refused until then, and the way out. Booking,
 * paying, referring, applying and publishing answer `email_unverified` with the same sentence.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const t = useT();
  const resend = useMutation({
    mutationFn: () => resendVerification.send(),
  });
  const status = resend.isSuccess
    ? resend.data.message
    : resend.isError
      ? errorMessage(resend.error, t('shell.verifyEmail.failed'))
      : null;
  return (
    <section
      aria-label={t('shell.verifyEmail.label')}
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <MailWarning className="h-5 w-5 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1">
          <strong className="font-semibold">{t('shell.verifyEmail.title')}</strong>{' '}
          <span className="break-words">{t('shell.verifyEmail.text', { email })}</span>
        </p>
        <Button size="sm" variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? t('shell.verifyEmail.sending') : t('shell.verifyEmail.resend')}
        </Button>
        <p role="status" aria-live="polite" className="w-full empty:hidden">
          {status}
        </p>
      </div>
    </section>
  );
}
