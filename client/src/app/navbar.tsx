import { ChevronDown, LogOut, Menu, Stethoscope, X } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DropdownMenu } from 'radix-ui';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import type { CurrentUser } from '@common/schemas/auth';
import { NotificationBell } from '../features/notifications/notification-bell';
import { goToLogin } from '../lib/api';
import { cn } from '../lib/cn';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { navLinksFor, USER_TYPE_LABEL, userMenuLinks } from './nav-links';

const logout = () => window.location.assign('/api/logout');

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800" aria-label="Medora home">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        <Stethoscope className="h-5 w-5" aria-hidden />
      </span>
      Medora
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-lg px-3 py-2 text-sm font-medium transition-colors', isActive ? 'bg-brand-50 text-brand-800' : 'text-muted hover:text-ink hover:bg-slate-100');

function LoginButtons({ stacked }: { stacked?: boolean }) {
  return (
    <div className={cn('flex gap-2', stacked && 'flex-col')}>
      <Button variant="outline" size="sm" onClick={() => goToLogin()}>Doctor Login</Button>
      <Button size="sm" onClick={() => goToLogin()}>Patient Login</Button>
    </div>
  );
}

function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-100" aria-label="Account menu">
        <Avatar firstName={user.firstName} lastName={user.lastName} src={user.profileImageUrl} className="h-8 w-8 text-xs" />
        <span className="hidden text-sm font-medium lg:inline">{user.firstName}</span>
        <ChevronDown className="h-4 w-4 text-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-52 rounded-xl border border-line bg-white p-1 shadow-xl">
          <div className="px-3 py-2">
            <p className="text-sm font-semibold">{user.firstName} {user.lastName}</p>
            <p className="text-xs text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {userMenuLinks(user.userType).map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link to={link.to} className="block rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100">{link.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item onSelect={logout} className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-danger outline-none data-[highlighted]:bg-red-50">
            <LogOut className="h-4 w-4" aria-hidden /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MobileDrawer({ user }: { user: CurrentUser | null }) {
  const [open, setOpen] = useState(false);
  const links = navLinksFor(user?.userType ?? null);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu"><Menu className="h-5 w-5" aria-hidden /></Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-4 bg-white p-5 shadow-xl" aria-describedby={undefined}>
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold">Menu</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu"><X className="h-5 w-5" aria-hidden /></Button>
            </Dialog.Close>
          </div>
          {user && (
            <div className="flex items-center gap-3 rounded-xl bg-surface p-3" data-testid="drawer-user">
              <Avatar firstName={user.firstName} lastName={user.lastName} src={user.profileImageUrl} />
              <div>
                <p className="text-sm font-semibold">{user.firstName} {user.lastName}</p>
                <p className="text-xs text-muted">{USER_TYPE_LABEL[user.userType]}</p>
              </div>
            </div>
          )}
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {links.map((link) => (
              <RouterNavLink key={link.to} to={link.to} end={link.to === '/'} className={linkClass} onClick={() => setOpen(false)}>
                {link.label}
              </RouterNavLink>
            ))}
            {user && <RouterNavLink to="/profile" className={linkClass} onClick={() => setOpen(false)}>Profile</RouterNavLink>}
          </nav>
          <div className="mt-auto">
            {user ? (
              <Button variant="outline" className="w-full" onClick={logout}><LogOut className="h-4 w-4" aria-hidden /> Logout</Button>
            ) : (
              <LoginButtons stacked />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function Navbar({ user }: { user: CurrentUser | null }) {
  const links = navLinksFor(user?.userType ?? null);
  useLocation(); // re-render on navigation so the active link updates
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden flex-1 items-center gap-1 md:flex">
          {links.map((link) => (
            <RouterNavLink key={link.to} to={link.to} end={link.to === '/'} className={linkClass}>{link.label}</RouterNavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          {user ? (
            <>
              <NotificationBell />
              <div className="hidden md:block"><UserMenu user={user} /></div>
            </>
          ) : (
            <div className="hidden md:block"><LoginButtons /></div>
          )}
          <MobileDrawer user={user} />
        </div>
      </div>
    </header>
  );
}
