import { goToLogin, stopRequests } from '../lib/api';
import { cn } from '../lib/cn';
import { useT } from '../lib/i18n/use-t';

export const logout = () => {
  stopRequests();
  window.location.assign('/api/logout');
};

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-muted hover:text-ink hover:bg-slate-100',
  );

/**
 * The shell's own small buttons, styled like ui/button's `sm` outline/primary/ghost. They are plain
 * elements so the first load does not carry ui/button's Slot primitive (it keeps the first load inside its size budget).
 */
const SHELL_BUTTON =
  'inline-flex items-center justify-center rounded-lg font-medium whitespace-nowrap transition-colors cursor-pointer';
export const shellButtonClass = {
  outline: cn(SHELL_BUTTON, 'h-8 gap-1.5 px-3 text-sm border border-line bg-white text-ink hover:bg-surface'),
  primary: cn(SHELL_BUTTON, 'h-8 gap-1.5 px-3 text-sm bg-brand-700 text-white shadow-sm hover:bg-brand-800'),
  icon: cn(SHELL_BUTTON, 'h-10 w-10 text-ink hover:bg-slate-100'),
};

export function LoginButtons({ stacked }: { stacked?: boolean }) {
  const t = useT();
  return (
    <div className={cn('flex gap-2', stacked && 'flex-col')}>
      <button type="button" className={shellButtonClass.outline} onClick={() => goToLogin()}>
        {t('shell.doctorLogin')}
      </button>
      <button type="button" className={shellButtonClass.primary} onClick={() => goToLogin()}>
        {t('shell.patientLogin')}
      </button>
    </div>
  );
}
