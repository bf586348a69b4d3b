import { Menu, Stethoscope } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import type { CurrentUser } from '@common/schemas/auth';
import { cn } from '../lib/cn';
import { useT } from '../lib/i18n/use-t';
import { LanguageSwitch } from './language-switch';
import { LoginButtons, navLinkClass, shellButtonClass } from './nav-actions';
import { navLinksFor, navRowFor, USER_MENU_ROW } from './nav-links';
import { UnreadMessagesBadge } from './unread-messages-badge';
import { ShellPieceBoundary } from './shell-piece-boundary';

// The bell, the user menu and the drawer carry the popover/menu/dialog libraries; they load
// only when someone is signed in (or opens the drawer), keeping the first load small.
const NotificationBell = lazy(() =>
  import('../features/notifications/notification-bell').then((m) => ({ default: m.NotificationBell })),
);
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const loadDrawer = () => import('./mobile-drawer');
const MobileDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileDrawer })));

export function Logo() {
  const t = useT();
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800" aria-label={t('shell.logoLabel')}>
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Stethoscope className="h-5 w-5" aria-hidden />
      </span>
      Medora
    </Link>
  );
}

/** Same footprint as the loaded menu trigger, so nothing shifts when it arrives. */
function UserMenuPlaceholder() {
  return <span className="block h-11 w-16" aria-hidden />;
}

function DrawerToggle({ user, className }: { user: CurrentUser | null; className: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const handleOpen = () => {
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <button
        type="button"
        className={cn(shellButtonClass.icon, className)}
        aria-label={t('shell.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-drawer' : undefined}
        onPointerEnter={() => void loadDrawer()}
        onClick={handleOpen}
      >
        <Menu className="h-5 w-5" aria-hidden />
      </button>
      {wanted && (
        <ShellPieceBoundary>
          <Suspense fallback={null}>
            <MobileDrawer user={user} open={open} onOpenChange={setOpen} />
          </Suspense>
        </ShellPieceBoundary>
      )}
    </>
  );
}

export function Navbar({ user }: { user: CurrentUser | null }) {
  const t = useT();
  const links = navLinksFor(user?.userType ?? null);
  const row = navRowFor(links);
  useLocation(); // re-render on navigation so the active link updates
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label={t('shell.nav.mainLabel')} className={cn('flex-1 items-center gap-1', row.nav)}>
          {links.map((link) => (
            <RouterNavLink key={link.to} to={link.to} end={link.to === '/'} className={navLinkClass}>
              {t(link.label)}
              {link.badge && <UnreadMessagesBadge />}
            </RouterNavLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1">
          {/* Signed in, the user menu holds it: the role's links need the width. */}
          {!user && <LanguageSwitch className="hidden xl:flex" />}
          {user ? (
            <>
              <ShellPieceBoundary>
                <Suspense fallback={<span className="h-10 w-10" aria-hidden />}>
                  <NotificationBell />
                </Suspense>
              </ShellPieceBoundary>
              <div className={USER_MENU_ROW}>
                <ShellPieceBoundary>
                  <Suspense fallback={<UserMenuPlaceholder />}>
                    <UserMenu user={user} />
                  </Suspense>
                </ShellPieceBoundary>
              </div>
            </>
          ) : (
            <div className={USER_MENU_ROW}>
              <LoginButtons />
            </div>
          )}
          <DrawerToggle user={user} className={row.toggle} />
        </div>
      </div>
    </header>
  );
}
