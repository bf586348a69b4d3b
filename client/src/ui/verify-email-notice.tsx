import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import type { AccountMessageReply } from '@common/schemas/account';
import { EMAIL_UNVERIFIED_MESSAGE } from '@common/constants/account-tokens';
import { apiRequest, errorMessage } from '../lib/api';
import { Button } from './button';

/**
 * The one notice of an unconfirmed address: what is refused until then, and the way out. Booking,
 * paying, referring, applying and publishing answer `email_unverified` with the same sentence.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => apiRequest<AccountMessageReply>('POST', '/api/auth/email/resend'),
  });
  const status = resend.isSuccess
    ? resend.data.message
    : resend.isError
      ? errorMessage(resend.error, 'Could not send the link. Please try again.')
      : null;
  return (
    <section
      aria-label="E-mail verification"
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <MailWarning className="h-5 w-5 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1">
          <strong className="font-semibold">{EMAIL_UNVERIFIED_MESSAGE}</strong> We sent a link to{' '}
          <span className="break-all">{email}</span>. Until you open it you can browse and fill in your profile, but not
          book, pay, refer or apply.
        </p>
        <Button size="sm" variant="outline" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend the link'}
        </Button>
        <p role="status" aria-live="polite" className="w-full empty:hidden">
          {status}
        </p>
      </div>
    </section>
  );
}
