import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { PayoutAccountKind } from '@common/constants/receipts';
import type { ClientMessageKey } from '@common/i18n/keys';
import { payoutAccountBodySchema, type PayoutAccount, type PayoutAccountBody } from '@common/schemas/receipts';
import { ApiError, errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Select } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { usePayoutAccount, useSavePayoutAccount } from './api';

const useT = textsFor('dashboard', 'fields');

const KIND_LABELS: Record<PayoutAccountKind, ClientMessageKey> = {
  iban: 'dashboard.account.kind.iban',
  us_ach: 'dashboard.account.kind.usAch',
};

type Errors = Partial<Record<keyof PayoutAccountBody, string>>;

/** Where payouts go: shown as the holder and the last four characters; set or changed with a checked form. */
export function PayoutAccountCard() {
  const account = usePayoutAccount(true);
  const [editing, setEditing] = useState(false);
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.account.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {account.isLoading ? (
          <Skeleton className="h-16 w-full" />
        ) : account.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('dashboard.account.loadFailed')}
          </p>
        ) : account.data && !editing ? (
          <SavedAccount account={account.data} onChange={() => setEditing(true)} />
        ) : (
          <AccountForm onDone={() => setEditing(false)} canCancel={Boolean(account.data)} />
        )}
      </CardContent>
    </Card>
  );
}

function SavedAccount({ account, onChange }: { account: PayoutAccount; onChange: () => void }) {
  const t = useT();
  const { ltr } = useFormats();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <Landmark className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div>
          <p className="font-medium text-ink">{account.holderName}</p>
          <p className="text-sm text-muted">
            {t('dashboard.account.saved', {
              kind: t(KIND_LABELS[account.kind]),
              country: ltr(account.country),
              last4: ltr(account.last4),
            })}
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={onChange}>
        {t('dashboard.account.change')}
      </Button>
    </div>
  );
}

function AccountForm({ onDone, canCancel }: { onDone: () => void; canCancel: boolean }) {
  const save = useSavePayoutAccount();
  const t = useT();
  const { ltr } = useFormats();
  const [form, setForm] = useState<PayoutAccountBody>({ kind: 'iban', holderName: '', iban: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof PayoutAccountBody) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = payoutAccountBodySchema.safeParse(form);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof PayoutAccountBody] ??= issue.message;
      return setErrors(found);
    }
    save.mutate(form, {
      onSuccess: (saved) => {
        toast({
          title: t('dashboard.account.done.title'),
          description: t('dashboard.account.done.text', { last4: ltr(saved.last4) }),
          variant: 'success',
        });
        onDone();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields) setErrors(e.fields as Errors);
        toast({
          title: t('dashboard.account.failed.title'),
          description: errorMessage(e, t('dashboard.account.failed.text')),
          variant: 'destructive',
        });
      },
    });
  };

  // Bank numbers read left to right in every language; the holder's name follows the page.
  const text = (key: keyof PayoutAccountBody, label: string, hint?: string, numeric = false, number = numeric) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(p) => (
        <Input
          {...p}
          autoComplete="off"
          dir={number ? 'ltr' : undefined}
          inputMode={numeric ? 'numeric' : undefined}
          value={(form[key] as string | undefined) ?? ''}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4" aria-label={t('dashboard.account.form')}>
      <Field label={t('dashboard.account.type')}>
        {(p) => (
          <Select {...p} value={form.kind} onChange={(e) => set('kind')(e.target.value)}>
            <option value="iban">{t('dashboard.account.option.iban')}</option>
            <option value="us_ach">{t('dashboard.account.option.usAch')}</option>
          </Select>
        )}
      </Field>
      {text('holderName', t('dashboard.account.holder'), t('dashboard.account.holderHint'))}
      {form.kind === 'iban' ? (
        text('iban', t('dashboard.account.iban'), t('dashboard.account.ibanHint'), false, true)
      ) : (
        <>
          {text('routingNumber', t('dashboard.account.routing'), t('dashboard.account.routingHint'), true)}
          {text('accountNumber', t('dashboard.account.number'), t('dashboard.account.numberHint'), true)}
        </>
      )}
      <Field label={t('dashboard.account.password')} error={errors.password} hint={t('dashboard.account.passwordHint')}>
        {(p) => (
          <Input
            {...p}
            type="password"
            autoComplete="current-password"
            value={form.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        )}
      </Field>
      <p className="text-xs text-muted">{t('dashboard.account.encrypted')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('dashboard.account.saving') : t('dashboard.account.save')}
        </Button>
        {canCancel && (
          <Button type="button" variant="outline" onClick={onDone}>
            {t('dashboard.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
