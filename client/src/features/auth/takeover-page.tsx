import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, newPasswordSchema } from '@common/schemas/auth';
import type { TakeoverPreview } from '@common/schemas/family-takeover';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useRichT } from '../../lib/i18n/rich-text';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Field, Input } from '../../ui/input';
import { toast } from '../../ui/toast-store';
import { takeoverPreviewQuery, useAcceptTakeover } from './account-api';
import { AuthCard, FormMessage } from './auth-card';

const useT = textsFor('signin', 'auth', 'account');

const schemaWith = (mismatch: string) =>
  z
    .object({ password: newPasswordSchema, confirm: z.string(), agreedToTerms: z.boolean() })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: mismatch });
type FormValues = z.infer<ReturnType<typeof schemaWith>>;

/**
 * Where a takeover invitation's link lands (issue 42, decision 100): a family member of 16 or more
 * sees whose record it is and what moves, chooses a password, agrees to the terms, and is signed
 * in to their own account.
 */
export function TakeoverPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const t = useT();
  const preview = useQuery({ ...takeoverPreviewQuery(token), enabled: token !== '' });

  let body;
  if (!token) body = <FormMessage tone="error">{t('signin.takeover.needsLink')}</FormMessage>;
  else if (preview.isPending) body = <p className="text-sm text-muted">{t('signin.takeover.checking')}</p>;
  else if (preview.isError) {
    body = (
      <div className="flex flex-col gap-4">
        <FormMessage tone="error">{errorMessage(preview.error, t('signin.takeover.invalid'))}</FormMessage>
        <Link to="/" className={buttonClass('outline')}>
          {t('signin.takeover.home')}
        </Link>
      </div>
    );
  } else body = <TakeoverForm token={token} preview={preview.data} />;
  return <AuthCard title={t('signin.takeover.title')}>{body}</AuthCard>;
}

function TakeoverForm({ token, preview }: { token: string; preview: TakeoverPreview }) {
  const t = useT();
  const rich = useRichT();
  const navigate = useNavigate();
  const accept = useAcceptTakeover();
  const form = useForm<FormValues>({
    resolver: zodResolver(schemaWith(t('signin.reset.mismatch'))),
    defaultValues: { password: '', confirm: '', agreedToTerms: false },
  });
  const { errors } = form.formState;
  const agreed = form.watch('agreedToTerms');
  const holder = preview.holderFirstName;
  const handleSubmit = form.handleSubmit(({ password }) =>
    accept.mutate(
      { token, password, agreedToTerms: true },
      {
        onSuccess: ({ user }) => {
          toast({
            title: t('signin.takeover.welcome', { name: user.firstName }),
            description: t('signin.takeover.welcomeText'),
          });
          navigate('/appointments', { replace: true });
        },
      },
    ),
  );

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-ink">{t('signin.takeover.intro', { holder, visits: preview.visits })}</p>
      <p className="text-sm text-muted">{t('signin.takeover.money', { holder })}</p>
      <dl className="grid gap-1 rounded-lg border border-line bg-slate-50 p-3 text-sm">
        <dt className="text-muted">{t('signin.takeover.name')}</dt>
        <dd className="font-medium">
          <bdi>
            {preview.firstName} {preview.lastName}
          </bdi>
        </dd>
        <dt className="mt-2 text-muted">{t('signin.takeover.email')}</dt>
        <dd className="font-medium">
          <bdi>{preview.email}</bdi>
        </dd>
      </dl>
      {accept.isError && (
        <FormMessage tone="error">{errorMessage(accept.error, t('signin.takeover.failed'))}</FormMessage>
      )}
      <Field
        label={t('signin.takeover.password')}
        error={errors.password?.message}
        hint={t('auth.register.passwordHint', { min: MIN_PASSWORD_LENGTH })}
      >
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('password')} />}
      </Field>
      <Field label={t('signin.takeover.repeat')} error={errors.confirm?.message}>
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('confirm')} />}
      </Field>
      <label className="flex items-start gap-3 rounded-lg border border-line p-3 text-sm">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-700" {...form.register('agreedToTerms')} />
        <span>
          {rich('account.join.agree', {
            terms: (chunks) => (
              <Link to="/terms" className="text-brand-700 underline">
                {chunks}
              </Link>
            ),
            privacy: (chunks) => (
              <Link to="/privacy-policy" className="text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </span>
      </label>
      <Button type="submit" disabled={accept.isPending} reason={agreed ? null : t('signin.takeover.agreeFirst')}>
        {accept.isPending ? t('signin.takeover.creating') : t('signin.takeover.submit')}
      </Button>
    </form>
  );
}
