import type { AppConfig } from '@common/schemas/meta';
import { textsFor } from '../../lib/i18n/areas';
import { USER_TYPE_KEY } from '../../lib/user-type-labels';
import { Badge } from '../../ui/badge';

const useT = textsFor('auth');

type DemoAccount = AppConfig['demoAccounts'][number];

/** Demo mode only: one click fills the form with a seeded account. */
export function DemoAccounts({ accounts, onPick }: { accounts: DemoAccount[]; onPick: (a: DemoAccount) => void }) {
  const t = useT();
  if (accounts.length === 0) return null;
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="rounded-xl border border-dashed border-brand-200 bg-brand-50/60 p-4"
    >
      <h2 id="demo-accounts-title" className="text-sm font-semibold text-brand-900">
        {t('auth.demo.title')}
      </h2>
      <p className="mt-1 text-xs text-muted">{t('auth.demo.text', { password: accounts[0].password })}</p>
      <ul className="mt-3 grid gap-2">
        {accounts.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              onClick={() => onPick(account)}
              className="flex w-full items-center justify-between gap-2 rounded-lg border border-line bg-white px-3 py-2 text-start text-sm hover:border-brand-500"
            >
              <span className="min-w-0">
                <span className="block font-medium">{account.name}</span>
                <span className="block truncate text-xs text-muted">{account.email}</span>
              </span>
              <Badge variant="secondary">{t(USER_TYPE_KEY[account.userType])}</Badge>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
