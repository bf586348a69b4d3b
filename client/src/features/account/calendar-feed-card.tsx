import { CalendarSync, Copy, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { useCalendarFeed, useRotateCalendarFeed } from './calendar-feed-api';

/** The private feed URL a calendar app subscribes to, with a way to copy it and to replace a leaked one. */
export function CalendarFeedCard() {
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
      return toast({ title: 'Copy the Link', description: 'Press Ctrl+C (⌘C) to copy the selected address.' });
    }
    toast({
      title: 'Link Copied',
      description: 'Paste it into your calendar app as a subscription.',
      variant: 'success',
    });
  };

  const handleRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'New Link Ready',
          description: 'The old link no longer works. Subscribe again with the new one.',
          variant: 'success',
        }),
      onError: (err) =>
        toast({ title: 'Error', description: errorMessage(err, 'Failed to reset the link.'), variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarSync className="h-5 w-5 text-brand-700" aria-hidden /> Calendar Subscription
        </CardTitle>
        <CardDescription>
          Add your Medora appointments to Google Calendar, Apple Calendar or Outlook; changes and cancellations follow
          automatically. The link shows times and names only, never the reason for a visit. Keep it private: anyone with
          it can see your appointment times.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Your calendar link
        </label>
        {feed.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : feed.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
            The link could not be loaded.
            <Button variant="outline" size="sm" onClick={() => feed.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={id}
              readOnly
              value={feed.data.url}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button onClick={handleCopy} className="shrink-0">
              <Copy className="h-4 w-4" aria-hidden /> Copy Link
            </Button>
          </div>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
          <p className="text-sm text-muted">Shared it by mistake? A new link stops the old one at once.</p>
          <Button variant="outline" size="sm" onClick={handleRotate} disabled={rotate.isPending || !feed.data}>
            <RefreshCw className="h-4 w-4" aria-hidden /> {rotate.isPending ? 'Resetting...' : 'Reset Link'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
