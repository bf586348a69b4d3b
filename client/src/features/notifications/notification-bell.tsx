import { AlertTriangle, Bell, CalendarCheck, CalendarPlus, Check } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { Notification } from '@common/schemas/notifications';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Spinner } from '../../ui/spinner';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api';

// The bell's chunk loads after the navbar (it is lazy there, inside its own Suspense), so its texts
// are fetched with it: a visitor who is not signed in never downloads them.
const useT = textsFor('bell');

/**
 * Only what needs attention carries a word beside its title, in plain words: a badge on every row
 * ("high", "medium") says nothing and teaches people to ignore the one that matters.
 */
const PRIORITY_LABELS: Partial<Record<Notification['priority'], { text: ClientMessageKey; variant: BadgeVariant }>> = {
  urgent: { text: 'bell.priority.urgent', variant: 'destructive' },
  high: { text: 'bell.priority.high', variant: 'warning' },
};

function TypeIcon({ type }: { type: string }) {
  const Icon =
    type === 'appointment_confirmation'
      ? CalendarCheck
      : type === 'appointment_booking'
        ? CalendarPlus
        : type === 'outbreak_alert'
          ? AlertTriangle
          : Bell;
  return (
    <Icon
      aria-hidden
      className={cn('mt-0.5 h-4 w-4 shrink-0', type === 'outbreak_alert' ? 'text-amber-600' : 'text-brand-700')}
    />
  );
}

function PriorityBadge({ priority }: { priority: Notification['priority'] }) {
  const t = useT();
  const label = PRIORITY_LABELS[priority];
  return label ? <Badge variant={label.variant}>{t(label.text)}</Badge> : null;
}

export const unreadBadgeText = (count: number) => (count > 9 ? '9+' : String(count));

export function NotificationBell() {
  const { data, isLoading } = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const t = useT();
  const when = useWhen();
  const items = data ?? [];
  const unread = items.filter((n) => !n.isRead).length;
  const handleMarkRead = (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
  };

  return (
    <Popover.Root>
      <Popover.Trigger
        // The name says what the badge shows ("9+"): a voice user says what they see (WCAG 2.5.3).
        aria-label={unread ? t('bell.labelUnread', { count: unreadBadgeText(unread) }) : t('bell.title')}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink hover:bg-slate-100"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 && (
          <span
            data-testid="unread-badge"
            className="absolute top-1 end-1 min-w-[18px] rounded-full bg-danger px-1 text-center text-[11px] font-semibold leading-[18px] text-white"
          >
            {unreadBadgeText(unread)}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-line bg-white shadow-xl"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <div className="flex items-center gap-2">
              <h2 className="text-sm font-semibold">{t('bell.title')}</h2>
              <Badge variant="secondary" aria-label={t('bell.count', { count: items.length })}>
                {items.length}
              </Badge>
            </div>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markAll.mutate()}
                disabled={markAll.isPending}
                className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:underline disabled:opacity-50"
              >
                {t('bell.markAll')}
              </button>
            )}
          </div>
          <div className="max-h-96 overflow-y-auto">
            {isLoading ? (
              <div className="flex justify-center p-6">
                <Spinner />
              </div>
            ) : items.length === 0 ? (
              <p className="p-6 text-center text-sm text-muted">{t('bell.empty')}</p>
            ) : (
              <ul className="divide-y divide-line">
                {items.map((n) => (
                  <li
                    key={n.id}
                    className={cn('flex gap-2 px-4 py-3', !n.isRead && 'bg-brand-50')}
                    data-read={n.isRead}
                  >
                    <button
                      type="button"
                      disabled={n.isRead}
                      onClick={() => handleMarkRead(n)}
                      className="flex flex-1 gap-3 text-start disabled:cursor-default"
                      aria-label={n.isRead ? n.title : t('bell.itemUnread', { title: n.title })}
                    >
                      <TypeIcon type={n.type} />
                      <span className="grid gap-1">
                        <span className="flex flex-wrap items-center gap-2">
                          <span className={cn('text-sm', n.isRead ? 'font-medium' : 'font-semibold')}>{n.title}</span>
                          <PriorityBadge priority={n.priority} />
                        </span>
                        <span className="text-sm text-muted">{n.message}</span>
                        <span className="text-xs text-slate-500">{when.relative(n.createdAt)}</span>
                      </span>
                    </button>
                    {!n.isRead && (
                      <button
                        type="button"
                        onClick={() => handleMarkRead(n)}
                        aria-label={t('bell.markOne', { title: n.title })}
                        className="h-8 w-8 shrink-0 rounded-lg text-brand-700 hover:bg-brand-100 inline-flex items-center justify-center"
                      >
                        <Check className="h-4 w-4" aria-hidden />
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
