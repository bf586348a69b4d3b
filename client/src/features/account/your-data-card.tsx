import { Dialog } from 'radix-ui';
import { Download, MailX, ShieldCheck, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { deletionTexts } from '@common/i18n/account-deletion-texts';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useRichT } from '../../lib/i18n/rich-text';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';
import { Field, Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { useAccountSettings, useDeleteAccount, useSetMarketingOptOut } from './patient-api';

const useT = textsFor('account', 'account-deletion');

/** The rights the privacy policy promises, each one action away. */
export function YourDataCard({ canDelete }: { canDelete: boolean }) {
  const t = useT();
  const settings = useAccountSettings();
  const setOptOut = useSetMarketingOptOut();
  const optedOut = settings.data?.marketingEmailOptOut ?? false;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.data.title')}
        </CardTitle>
        <CardDescription>{t('account.data.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col divide-y divide-line">
        <div className="flex flex-wrap items-center justify-between gap-3 pb-4">
          <div>
            <p className="font-medium text-ink">{t('account.data.download')}</p>
            <p className="text-sm text-muted">{t('account.data.downloadHint')}</p>
          </div>
          {/* A plain link: the browser saves the file the server marks as an attachment. */}
          <a href="/api/patients/me/export" download className={buttonClass('outline')}>
            <Download className="h-4 w-4" aria-hidden /> {t('account.download')}
          </a>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 py-4">
          <label htmlFor="marketing-opt-out" className="flex-1">
            <span className="flex items-center gap-1.5 font-medium text-ink">
              <MailX className="h-4 w-4" aria-hidden /> {t('account.data.noMarketing')}
            </span>
            <span className="block text-sm text-muted">{t('account.data.noMarketingHint')}</span>
          </label>
          <input
            id="marketing-opt-out"
            type="checkbox"
            role="switch"
            className="h-5 w-5 accent-brand-700"
            checked={optedOut}
            disabled={settings.isPending || setOptOut.isPending}
            onChange={(e) =>
              setOptOut.mutate(e.target.checked, {
                onSuccess: (s) =>
                  toast({
                    title: t('account.data.savedTitle'),
                    description: s.marketingEmailOptOut ? t('account.data.optedOut') : t('account.data.optedIn'),
                    variant: 'success',
                  }),
                onError: (err) =>
                  toast({
                    title: t('account.error'),
                    description: errorMessage(err, t('account.data.saveFailed')),
                    variant: 'destructive',
                  }),
              })
            }
          />
        </div>
        {canDelete && (
          <div className="flex flex-wrap items-center justify-between gap-3 pt-4">
            <div>
              <p className="font-medium text-ink">{t('account.data.delete')}</p>
              <p className="text-sm text-muted">{t('account.data.deleteHint')}</p>
            </div>
            <DeleteAccountDialog />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DeleteAccountDialog() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('account.deleteDialog.passwordRequired'));
    remove.mutate(password, {
      // A full navigation drops every cached view of the account that no longer exists.
      onSuccess: () => window.location.assign('/'),
      onError: (e) => setError(errorMessage(e, t('account.deleteDialog.failed'))),
    });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword('');
        setError(undefined);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" className="text-danger">
          <Trash2 className="h-4 w-4" aria-hidden /> {t('account.deleteDialog.confirm')}
        </Button>
      </Dialog.Trigger>
      <DialogFrame
        size="md"
        title={t('account.deleteDialog.title')}
        description={t('account.deleteDialog.description')}
      >
        <DeletionEffects />
        <form onSubmit={submit} className="mt-4 flex flex-col gap-4" noValidate>
          <Field label={t('account.deleteDialog.password')} error={error}>
            {(p) => (
              <Input
                {...p}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <DialogActions closeLabel={t('account.deleteDialog.keep')} disabled={remove.isPending}>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? t('account.deleteDialog.deleting') : t('account.deleteDialog.confirm')}
            </Button>
          </DialogActions>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}

/** What deletion does, in the words of the privacy page, shown before the person confirms. */
function DeletionEffects() {
  const t = useT();
  const rich = useRichT();
  const texts = deletionTexts(t);
  const lists: { heading: string; items: readonly string[] }[] = [
    { heading: t('account.deleteDialog.whatHappens'), items: texts.actions },
    { heading: t('account.deleteDialog.erased'), items: texts.erased },
    { heading: t('account.deleteDialog.kept'), items: texts.kept },
  ];
  return (
    <div className="mt-4 flex flex-col gap-3 rounded-lg border border-line bg-slate-50 p-3 text-sm sm:p-4">
      {lists.map(({ heading, items }) => (
        <section key={heading} aria-label={heading}>
          <h3 className="font-medium text-ink">{heading}</h3>
          <ul className="mt-1 list-disc space-y-1 ps-5 text-muted">
            {items.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      ))}
      <p className="text-muted">
        {rich('account.deleteDialog.details', {
          link: (chunks) => (
            <a href="/privacy-policy#deleting-your-account" className="text-brand-700 underline underline-offset-2">
              {chunks}
            </a>
          ),
        })}
      </p>
    </div>
  );
}
