import { momentText } from '@common/rules/display-time';
import { formatRelativeTime } from '@common/rules/relative-time';
import { Laptop } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useEndSession, useSessions, useSignOutOthers } from './mfa-api';

/** The account's active sessions on /profile, each with "Sign out", and "Sign out everywhere else". */
export function SessionsCard() {
  const list = useSessions();
  const end = useEndSession();
  const others = useSignOutOthers();
  const sessions = list.data?.sessions ?? [];
  const failed = (e: unknown) =>
    toast({ title: 'Could not sign out', description: errorMessage(e, 'Please try again.'), variant: 'destructive' });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Laptop className="h-5 w-5 text-brand-700" aria-hidden /> Where You're Signed In
        </CardTitle>
        <CardDescription>Places are approximate, from the network address only.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load your sessions.{' '}
            <button type="button" className="underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Sessions">
            {sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5 text-sm">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                    {s.device}
                    {s.current && <Badge variant="success">This device</Badge>}
                  </p>
                  <p className="text-muted">
                    {s.place} · active{' '}
                    <time dateTime={s.lastActiveAt} title={momentText(s.lastActiveAt)}>
                      {formatRelativeTime(s.lastActiveAt)}
                    </time>
                  </p>
                </div>
                {!s.current && (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Sign out ${s.device}, ${s.place}`}
                    disabled={end.isPending}
                    onClick={() => end.mutate(s.id, { onError: failed })}
                  >
                    Sign out
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
                  onSuccess: () => toast({ title: 'Signed out everywhere else', variant: 'success' }),
                  onError: failed,
                })
              }
            >
              Sign out everywhere else
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
