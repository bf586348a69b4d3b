import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { textsFor } from '../../lib/i18n/areas';
import { appConfigQuery } from '../../lib/shared-api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { useWhen } from '../../lib/i18n/use-when';
import { demoInboxQuery } from './inbox-api';

const useT = textsFor('account');

/** Demo mode sends no e-mail; this shows the signed-in person what Medora would have sent them. */
export function DemoInboxCard() {
  const config = useQuery(appConfigQuery);
  if (!config.data?.demoMode) return null;
  return <DemoInbox />;
}

function DemoInbox() {
  const t = useT();
  const time = useWhen();
  const mail = useQuery(demoInboxQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Inbox className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.inbox.title')}
        </CardTitle>
        <CardDescription>{t('account.inbox.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {mail.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !mail.data || mail.data.length === 0 ? (
          <p className="text-sm text-muted">{t('account.inbox.empty')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {mail.data.map((m) => (
              <li key={m.id} className="py-2.5 text-sm">
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-medium text-ink">{m.subject}</span>
                    <span className="block text-xs text-muted">
                      {m.hasCalendarFile
                        ? t('account.inbox.withCalendar', { when: time.moment(m.createdAt) })
                        : time.moment(m.createdAt)}
                    </span>
                  </summary>
                  <pre className="mt-2 font-sans text-sm break-words whitespace-pre-wrap text-ink">{m.textBody}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
