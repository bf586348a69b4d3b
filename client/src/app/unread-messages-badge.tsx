import { useUnreadMessages } from '../lib/unread-messages';
import { useT } from '../lib/i18n/use-t';

/**
 * The count beside "Messages": seen as a number, heard as "3 unread messages". Nothing when none
 * wait (or while the count is unknown), so the link reads as plain "Messages".
 */
export function UnreadMessagesBadge() {
  const t = useT();
  const { data } = useUnreadMessages(true);
  const count = data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <>
      {' '}
      <span
        aria-hidden
        data-testid="messages-badge"
        className="ms-1.5 inline-block min-w-[18px] rounded-full bg-danger px-1 text-center text-[11px] font-semibold leading-[18px] text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">({t('shell.nav.unreadMessages', { count })})</span>
    </>
  );
}
