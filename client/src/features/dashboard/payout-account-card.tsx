import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { PayoutAccountKind } from '@common/constants/receipts';
import { payoutAccountBodySchema, type PayoutAccount, type PayoutAccountBody } from '@common/schemas/receipts';
import { ApiError, errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Field, Input, Select } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { usePayoutAccount, useSavePayoutAccount } from './api';

const KIND_LABELS: Record<PayoutAccountKind, string> = { iban: 'IBAN', us_ach: 'US bank account' };

type Errors = Partial<Record<keyof PayoutAccountBody, string>>;

/** Where payouts go: shown as the holder and the last four characters; set or changed with a checked form. */
export function PayoutAccountCard() {
  const account = usePayoutAccount(true);
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payout account</CardTitle>
      </CardHeader>
      <CardContent>
        {account.isLoading ? (
          <Skeleton className="h-16 w-full" />
        ) : account.isError ? (
          <p role="alert" className="text-sm text-danger">
            Your payout account could not be loaded. Please reload the page.
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
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <Landmark className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
        <div>
          <p className="font-medium text-ink">{account.holderName}</p>
          <p className="text-sm text-muted">
            {KIND_LABELS[account.kind]} ({account.country}) ending {account.last4}
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" className="self-start" onClick={onChange}>
        Change account
      </Button>
    </div>
  );
}

function AccountForm({ onDone, canCancel }: { onDone: () => void; canCancel: boolean }) {
  const save = useSavePayoutAccount();
  const [form, setForm] = useState<PayoutAccountBody>({ kind: 'iban', holderName: '', iban: '' });
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
          title: 'Payout account saved',
          description: `Payouts go to the account ending ${saved.last4}.`,
          variant: 'success',
        });
        onDone();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields) setErrors(e.fields as Errors);
        toast({
          title: 'Account not saved',
          description: errorMessage(e, 'Please check the details.'),
          variant: 'destructive',
        });
      },
    });
  };

  const text = (key: keyof PayoutAccountBody, label: string, hint?: string, numeric = false) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(p) => (
        <Input
          {...p}
          autoComplete="off"
          inputMode={numeric ? 'numeric' : undefined}
          value={(form[key] as string | undefined) ?? ''}
          onChange={(e) => set(key)(e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4" aria-label="Payout bank account">
      <Field label="Account type">
        {(p) => (
          <Select {...p} value={form.kind} onChange={(e) => set('kind')(e.target.value)}>
            <option value="iban">IBAN (Europe and most other countries)</option>
            <option value="us_ach">US bank account (routing and account number)</option>
          </Select>
        )}
      </Field>
      {text('holderName', 'Account holder', 'As the bank knows it.')}
      {form.kind === 'iban' ? (
        text('iban', 'IBAN', 'For example DE89 3704 0044 0532 0130 00.')
      ) : (
        <>
          {text('routingNumber', 'Routing number', 'Nine digits.', true)}
          {text('accountNumber', 'Account number', '4 to 17 digits.', true)}
        </>
      )}
      <p className="text-xs text-muted">We keep the number encrypted and only ever show its last four characters.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save payout account'}
        </Button>
        {canCancel && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
