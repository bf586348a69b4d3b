import { useId, useState, type FormEvent } from 'react';
import type { FamilyMember } from '@common/schemas/family';
import { takeoverInvitationBodySchema } from '@common/schemas/family-takeover';
import { errorMessage } from '../../lib/api';
import { useInviteMember } from '../../lib/family-members';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';

const useT = textsFor('family');

/**
 * The holder invites a member of 16 or more to take over their own record (decision 100): the
 * address they will sign in with, and what it means before it is sent.
 */
export function MemberInviteForm({ member, onDone }: { member: FamilyMember; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const invite = useInviteMember(member.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = takeoverInvitationBodySchema.safeParse({ email });
    if (!parsed.success) return setError(t('family.invite.badEmail'));
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        toast({
          title: t('family.invite.sent', { email: sent.email }),
          description: t('family.invite.sentText'),
          variant: 'success',
        });
        onDone();
      },
      onError: (err) =>
        toast({ title: t('family.invite.failed'), description: errorMessage(err, ''), variant: 'destructive' }),
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-line p-4"
    >
      <h3 id={`${id}-title`} className="font-medium text-ink">
        {t('family.invite.title', { name: member.firstName })}
      </h3>
      <p className="text-sm text-muted">{t('family.invite.explain', { name: member.firstName })}</p>
      <Field label={t('family.invite.email', { name: member.firstName })} error={error}>
        {(p) => (
          <Input
            {...p}
            type="email"
            dir="ltr"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('family.invite.sending') : t('family.invite.send')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('family.cancel')}
        </Button>
      </div>
    </form>
  );
}
