import { Check, ChevronDown, LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@common/i18n/languages';
import type { CurrentUser } from '@common/schemas/auth';
import { useLanguage, useT } from '../lib/i18n/use-t';
import { Avatar } from '../ui/avatar';
import { logout } from './nav-actions';
import { userMenuLinks } from './nav-links';

// Its own chunk: the menu library is only needed once someone is signed in.
export function UserMenu({ user }: { user: CurrentUser }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <DropdownMenu.Root>
      {/* Named by its own text, so what a speech user reads on screen ("Daniel") is in its name (WCAG 2.5.3). */}
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-lg px-2 py-1.5 hover:bg-slate-100">
        <Avatar
          firstName={user.firstName}
          lastName={user.lastName}
          src={user.profileImageUrl}
          className="h-8 w-8 text-xs"
        />
        <span className="hidden text-sm font-medium lg:inline">{user.firstName}</span>{' '}
        <span className="sr-only">{t('shell.accountMenu')}</span>
        <ChevronDown className="h-4 w-4 text-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-52 rounded-xl border border-line bg-white p-1 shadow-xl"
        >
          <div className="px-3 py-2">
            <p className="text-sm font-semibold">
              {user.firstName} {user.lastName}
            </p>
            <p className="text-xs text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {userMenuLinks(user.userType).map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link
                to={link.to}
                className="block rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
              >
                {t(link.label)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Label className="px-3 pt-1 pb-0.5 text-xs text-muted">
            {t('shell.language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={language} onValueChange={(value) => isLanguage(value) && setLanguage(value)}>
            {LANGUAGES.map((code) => (
              <DropdownMenu.RadioItem
                key={code}
                value={code}
                lang={code}
                className="flex cursor-pointer items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
              >
                {LANGUAGE_NAMES[code]}
                <DropdownMenu.ItemIndicator>
                  <Check className="h-4 w-4 text-brand-700" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            onSelect={logout}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-danger outline-none data-[highlighted]:bg-red-50"
          >
            <LogOut className="h-4 w-4" aria-hidden /> {t('shell.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
