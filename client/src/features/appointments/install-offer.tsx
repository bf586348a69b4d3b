import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { buttonClass } from '../../ui/button-class';
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
    <section
      aria-labelledby="install-offer-title"
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4"
    >
      <h2 id="install-offer-title" className="flex items-center gap-2 text-base font-semibold">
        <Download className="h-5 w-5" aria-hidden />
        {t('install.offer.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('install.offer.text')}</p>
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
    </section>
  );
}
