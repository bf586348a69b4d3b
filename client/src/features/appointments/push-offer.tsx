import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { pushAvailable, useSubscribeThisDevice } from '../../lib/push-device';

const useT = textsFor('push');

/**
 * Asked only right after a booking, never on a first visit (issue 42): a reminder on this device.
 * Nothing is asked of the browser until the person says yes here.
 */
export function PushOffer() {
  const t = useT();
  const [closed, setClosed] = useState(false);
  const subscribe = useSubscribeThisDevice();
  if (closed || !pushAvailable()) return null;
  if (subscribe.isSuccess) {
    return (
      <p role="status" className="rounded-xl border border-border bg-card p-4 text-sm">
        {t('push.offer.done')}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="push-offer-title"
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4"
    >
      <h2 id="push-offer-title" className="flex items-center gap-2 text-base font-semibold">
        <BellRing className="h-5 w-5" aria-hidden />
        {t('push.offer.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('push.offer.text')}</p>
      {subscribe.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('push.offer.failed')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={subscribe.isPending}
          onClick={() => subscribe.mutate()}
        >
          {t('push.offer.yes')}
        </button>
        <button type="button" className={buttonClass('outline')} onClick={() => setClosed(true)}>
          {t('push.offer.no')}
        </button>
      </div>
    </section>
  );
}
