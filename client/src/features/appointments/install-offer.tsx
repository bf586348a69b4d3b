import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
import { OfferCard } from './offer-card';
import { mayOfferInstall, rememberInstallOffered, showInstallPrompt, useInstallPrompt } from '../../lib/install-prompt';

const useT = textsFor('install');

const deviceStorage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/**
 * "Add Medora to this device?", offered once per device and only right after a booking (issue 42),
 * where the browser has an install prompt to give. Shown once means remembered once shown.
 */
export function InstallOffer() {
  const t = useT();
  const prompt = useInstallPrompt();
  // Read at mount: the offer that is showing stays until it is answered.
  const [allowed] = useState(() => mayOfferInstall(deviceStorage()));
  const [closed, setClosed] = useState(false);
  const visible = allowed && !closed && prompt !== null;
  useEffect(() => {
    if (visible) rememberInstallOffered(deviceStorage());
  }, [visible]);
  if (!visible) return null;
  return (
    <OfferCard id="install-offer-title" icon={Download} title={t('install.offer.title')} text={t('install.offer.text')}>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => {
            setClosed(true);
            void showInstallPrompt(prompt).catch(() => undefined);
          }}
        >
          {t('install.offer.yes')}
        </button>
        <button type="button" className={buttonClass('outline')} onClick={() => setClosed(true)}>
          {t('install.offer.no')}
        </button>
      </div>
    </OfferCard>
  );
}
