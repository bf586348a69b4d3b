import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { momentText } from '@common/rules/display-time';
import type { EmailMessage } from '@common/schemas/email';
import type { AppConfig } from '@common/schemas/meta';
import { queryKeys } from '../../lib/query-keys';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

/** Demo mode sends no e-mail; this shows the signed-in person what Medora would have sent them. */
export function DemoInboxCard() {
  const config = useQuery<AppConfig>({ queryKey: queryKeys.appConfig });
  if (!config.data?.demoMode) return null;
  return <DemoInbox />;
}

function DemoInbox() {
  const mail = useQuery<EmailMessage[]>({ queryKey: queryKeys.emails.mine });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Inbox className="h-5 w-5 text-brand-700" aria-hidden /> Your E-mail
        </CardTitle>
        <CardDescription>This demo sends no e-mail. These are the messages Medora would have sent you.</CardDescription>
      </CardHeader>
      <CardContent>
        {mail.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !mail.data || mail.data.length === 0 ? (
          <p className="text-sm text-muted">No e-mail yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {mail.data.map((m) => (
              <li key={m.id} className="py-2.5 text-sm">
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-medium text-ink">{m.subject}</span>
                    <span className="block text-xs text-muted">
                      {momentText(m.createdAt)}
                      {m.hasCalendarFile && ' · calendar file attached'}
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
