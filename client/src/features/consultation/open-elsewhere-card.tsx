import { MonitorSmartphone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card } from '../../ui/card';

const useT = textsFor('room');

/**
 * Shown in a tab whose room was opened in another tab or device: the call and chat moved there,
 * this tab's camera and microphone are off, and "Use here" takes the room back.
 */
export function OpenElsewhereCard({ onUseHere }: { onUseHere: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // The call vanished under the user's eyes: move focus to the explanation.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-3 p-8 text-center"
      data-testid="open-elsewhere"
    >
      <MonitorSmartphone className="h-10 w-10 text-slate-400" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        {t('room.elsewhere.title')}
      </h2>
      <p className="text-muted">{t('room.elsewhere.body')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onUseHere}>{t('room.elsewhere.useHere')}</Button>
        <Link to="/appointments" className={buttonClass('outline')}>
          {t('room.backToAppointments')}
        </Link>
      </div>
    </Card>
  );
}
