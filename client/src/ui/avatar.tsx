import { cn } from '../lib/cn';

const TONES = [
  'bg-brand-100 text-brand-800',
  'bg-emerald-100 text-emerald-800',
  'bg-amber-100 text-amber-900',
  'bg-violet-100 text-violet-800',
  'bg-rose-100 text-rose-800',
];

/** Photos only from our own server; otherwise initials, so nothing loads from another host. */
export function Avatar({
  firstName,
  lastName,
  src,
  className,
}: {
  firstName?: string | null;
  lastName?: string | null;
  src?: string | null;
  className?: string;
}) {
  const initials = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.toUpperCase() || '?';
  const tone = TONES[(initials.charCodeAt(0) + (initials.charCodeAt(1) || 0)) % TONES.length];
  if (src && src.startsWith('/')) {
    return <img src={src} alt="" className={cn('h-10 w-10 rounded-full object-cover', className)} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        tone,
        className,
      )}
    >
      {initials}
    </span>
  );
}
