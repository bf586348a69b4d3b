import { Laptop } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useRichT } from '../../lib/i18n/rich-text';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useEndSession, useSessions, useSignOutOthers } from './mfa-api';
import { useWhen } from '../../lib/i18n/use-when';
import { LoadFailed } from './load-failed';

const useT = textsFor('account');

/** The account's active sessions on /profile, each with "Sign out", and "Sign out everywhere else". */
export function SessionsCard() {
  const t = useT();
  const rich = useRichT();
  const time = useWhen();
  const list = useSessions();
  const end = useEndSession();
  const others = useSignOutOthers();
  const sessions = list.data?.sessions ?? [];
  const failed = (e: unknown) =>
    toast({
      title: t('account.sessions.signOutFailed'),
      description: errorMessage(e, t('account.pleaseTryAgain')),
      variant: 'destructive',
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Laptop className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.sessions.title')}
        </CardTitle>
        <CardDescription>{t('account.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <LoadFailed message={t('account.sessions.loadFailed')} onRetry={() => void list.refetch()} />
        ) : (
          <ul className="divide-y divide-line" aria-label={t('account.sessions.listLabel')}>
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                    {s.device}
                    {s.current && <Badge variant="success">{t('account.sessions.thisDevice')}</Badge>}
                  </p>
                  <p className="text-muted">
                    {s.place} ·{' '}
                    {rich('account.sessions.active', {
                      ago: (
                        <time dateTime={s.lastActiveAt} title={time.moment(s.lastActiveAt)}>
                          {time.relative(s.lastActiveAt)}
                        </time>
                      ),
                    })}
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('account.sessions.signOutOne', { device: s.device, place: s.place })}
                    disabled={end.isPending}
                    onClick={() => end.mutate(s.id, { onError: failed })}
                  >
                    {t('account.sessions.signOut')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {sessions.some((s) => !s.current) && (
          <div>
            <Button
              variant="outline"
              disabled={others.isPending}
              onClick={() =>
                others.mutate(undefined, {
                  onSuccess: () => toast({ title: t('account.sessions.signedOutOthers'), variant: 'success' }),
                  onError: failed,
                })
              }
            >
              {t('account.sessions.signOutOthers')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
