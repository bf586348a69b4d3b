import { CalendarSync, Copy, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useCalendarFeed, useRotateCalendarFeed } from './calendar-feed-api';

const useT = textsFor('account');

/** The private feed URL a calendar app subscribes to, with a way to copy it and to replace a leaked one. */
export function CalendarFeedCard() {
  const t = useT();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const id = useId();

  const handleCopy = async () => {
    const url = feed.data?.url;
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // Browsers without clipboard access over plain http: leave the address selected to copy by hand.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      return toast({ title: t('account.calendar.copyTitle'), description: t('account.calendar.copyHint') });
    }
    toast({
      title: t('account.calendar.copiedTitle'),
      description: t('account.calendar.copiedText'),
      variant: 'success',
    });
  };

  const handleRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t('account.calendar.resetTitle'),
          description: t('account.calendar.resetText'),
          variant: 'success',
        }),
      onError: (err) =>
        toast({
          title: t('account.error'),
          description: errorMessage(err, t('account.calendar.resetFailed')),
          variant: 'destructive',
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarSync className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.calendar.title')}
        </CardTitle>
        <CardDescription>{t('account.calendar.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('account.calendar.label')}
        </label>
        {feed.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : feed.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
            {t('account.calendar.loadFailed')}
            <Button variant="outline" size="sm" onClick={() => feed.refetch()}>
              {t('account.tryAgain')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={id}
              readOnly
              value={feed.data.url}
              onFocus={(e) => e.currentTarget.select()}
              dir="ltr"
              className="font-mono text-xs"
            />
            <Button onClick={handleCopy} className="shrink-0">
              <Copy className="h-4 w-4" aria-hidden /> {t('account.calendar.copy')}
            </Button>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
          <p className="text-sm text-muted">{t('account.calendar.resetHint')}</p>
          <Button variant="outline" size="sm" onClick={handleRotate} disabled={rotate.isPending || !feed.data}>
            <RefreshCw className="h-4 w-4" aria-hidden />{' '}
            {rotate.isPending ? t('account.calendar.resetting') : t('account.calendar.reset')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
