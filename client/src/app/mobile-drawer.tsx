import { LogOut, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { NavLink as RouterNavLink } from 'react-router';
import type { CurrentUser } from '@common/schemas/auth';
import { useT } from '../lib/i18n/use-t';
import { USER_TYPE_KEY } from '../lib/user-type-labels';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { LanguageSwitch } from './language-switch';
import { LoginButtons, logout, navLinkClass } from './nav-actions';
import { MY_DOCUMENTS, navLinksFor } from './nav-links';
import { UnreadMessagesBadge } from './unread-messages-badge';

/**
 * Loaded on the first tap of "Open menu" (the navbar owns the trigger), so the dialog library
 * stays out of the first load. Closing returns focus to the trigger (Radix focus scope).
 */
export function MobileDrawer({
  user,
  open,
  onOpenChange,
}: {
  user: CurrentUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const links = navLinksFor(user?.userType ?? null);
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          id="mobile-drawer"
          className="fixed inset-y-0 end-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-4 bg-white p-5 shadow-xl"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold">{t('shell.menu')}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('shell.closeMenu')}>
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {user && (
            <div className="flex items-center gap-3 rounded-xl bg-surface p-3" data-testid="drawer-user">
              <Avatar firstName={user.firstName} lastName={user.lastName} src={user.profileImageUrl} />
              <div>
                <p className="text-sm font-semibold">
                  {user.firstName} {user.lastName}
                </p>
                <p className="text-xs text-muted">{t(USER_TYPE_KEY[user.userType])}</p>
              </div>
            </div>
          )}
          <nav aria-label={t('shell.nav.mobileLabel')} className="flex flex-col gap-1">
            {links.map((link) => (
              <RouterNavLink key={link.to} to={link.to} end={link.to === '/'} className={navLinkClass} onClick={close}>
                {t(link.label)}
                {link.badge && <UnreadMessagesBadge />}
              </RouterNavLink>
            ))}
            {user && (
              <RouterNavLink to="/profile" className={navLinkClass} onClick={close}>
                {t('shell.nav.profile')}
              </RouterNavLink>
            )}
            {user?.userType === 'patient' && (
              <RouterNavLink to={MY_DOCUMENTS.to} className={navLinkClass} onClick={close}>
                {t(MY_DOCUMENTS.label)}
              </RouterNavLink>
            )}
          </nav>
          <LanguageSwitch />
          <div className="mt-auto">
            {user ? (
              <Button variant="outline" className="w-full" onClick={logout}>
                <LogOut className="h-4 w-4" aria-hidden /> {t('shell.logout')}
              </Button>
            ) : (
              <LoginButtons stacked />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
