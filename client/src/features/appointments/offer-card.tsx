import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** An offer made right after a booking (a reminder on this device, the app to install): one look for both. */
export function OfferCard({
  id,
  icon: Icon,
  title,
  text,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-ink">
        <Icon className="h-5 w-5 text-brand-700" aria-hidden />
        {title}
      </h2>
      <p className="text-sm text-muted">{text}</p>
      {children}
    </section>
  );
}
