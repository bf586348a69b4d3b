import { MonitorSmartphone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';
import { buttonClass } from '../../ui/button-class';
import { Card } from '../../ui/card';

/**
 * Shown in a tab whose room was opened in another tab or device: the call and chat moved there,
 * this tab's camera and microphone are off, and "Use here" takes the room back.
 */
export function OpenElsewhereCard({ onUseHere }: { onUseHere: () => void }) {
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
        This consultation is open in another tab or device.
      </h2>
      <p className="text-muted">The call and chat continue there. Your camera and microphone are off in this tab.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onUseHere}>Use here</Button>
        <Link to="/appointments" className={buttonClass('outline')}>
          Back to Appointments
        </Link>
      </div>
    </Card>
  );
}
