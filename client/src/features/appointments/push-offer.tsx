import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { OfferCard } from './offer-card';
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
      <p role="status" className="rounded-xl border border-line bg-white p-4 text-sm text-ink shadow-sm">
        {t('push.offer.done')}
      </p>
    );
  }
  return (
    <OfferCard id="push-offer-title" icon={BellRing} title={t('push.offer.title')} text={t('push.offer.text')}>
      {subscribe.isError ? (
        <p role="alert" className="text-sm text-danger">
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
    </OfferCard>
  );
}
