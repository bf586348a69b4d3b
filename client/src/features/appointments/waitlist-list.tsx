import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { WaitlistEntry } from '@common/schemas/waitlist';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TYPE_LABEL } from '../../ui/consultation-type-labels';
import { toast } from '../../ui/toast-store';
import { useCurrentUser } from '../../lib/current-user';
import { useLeaveWaitlist, useWaitlist } from '../../lib/waitlist';

const useT = textsFor('waitlist', 'ui');

/** A calendar date (YYYY-MM-DD) as an instant that is that date in UTC, for the date formatters. */
const dateInstant = (date: string) => `${date}T12:00:00Z`;

function EntryRow({ entry, onLeave }: { entry: WaitlistEntry; onLeave: () => void }) {
  const t = useT();
  const time = useWhen();
  const live = entry.status === 'active' || entry.status === 'offered';
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-col gap-1">
        <span className="font-medium text-ink">
          {t('waitlist.list.before', {
            doctor: entry.doctorName,
            date: time.dayDate(dateInstant(entry.before), 'UTC'),
          })}
        </span>
        <span className="text-sm text-muted">{t(TYPE_LABEL[entry.consultationType])}</span>
        <Badge variant={entry.status === 'offered' ? 'success' : 'default'} className="w-fit">
          {entry.offer
            ? t('waitlist.status.offered', { until: time.clock(entry.offer.expiresAt) })
            : t(`waitlist.status.${entry.status}`)}
        </Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        {entry.offer?.appointmentId && (
          // The label carries the whole date and zone: on a phone it wraps inside the card, not past it.
          <Link
            to={`/checkout?appointmentId=${entry.offer.appointmentId}`}
            className={cn(
              buttonClass('primary', 'sm'),
              'h-auto! min-h-8 max-w-full py-1.5 text-start whitespace-normal!',
            )}
          >
            {t('waitlist.offer.pay', { when: time.when(entry.offer.startsAt) })}
          </Link>
        )}
        {live && (
          <Button variant="outline" size="sm" onClick={onLeave}>
            {t('waitlist.leave')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** My Appointments: the earlier times I am waiting for, each with a way out (issue 42). */
export function WaitlistList() {
  const t = useT();
  // Waiting lines are a patient's; another role's My Appointments asks nothing (the server says 403).
  const { user } = useCurrentUser();
  const entries = useWaitlist(user?.userType === 'patient');
  const leave = useLeaveWaitlist();
  const [leaving, setLeaving] = useState<WaitlistEntry | null>(null);
  const list = entries.data ?? [];
  if (list.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="h-5 w-5 text-brand-700" aria-hidden /> {t('waitlist.list.title')}
        </CardTitle>
        <CardDescription>{t('waitlist.list.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {list.map((entry) => (
            <EntryRow key={entry.id} entry={entry} onLeave={() => setLeaving(entry)} />
          ))}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => !open && setLeaving(null)}
        title={t('waitlist.leave.title')}
        description={t('waitlist.leave.description', { doctor: leaving?.doctorName ?? '' })}
        confirmLabel={t('waitlist.leave')}
        onConfirm={() => {
          if (!leaving) return;
          leave.mutate(leaving.id, {
            onSuccess: () => toast({ title: t('waitlist.left'), variant: 'success' }),
            onError: (err) =>
              toast({ title: t('waitlist.failed'), description: errorMessage(err, ''), variant: 'destructive' }),
          });
        }}
      />
    </Card>
  );
}
