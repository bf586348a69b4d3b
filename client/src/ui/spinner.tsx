import { Loader2 } from 'lucide-react';
import { cn } from '../lib/cn';
import { useT } from '../lib/i18n/use-t';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const t = useT();
  return (
    <Loader2
      role="status"
      aria-label={label ?? t('shell.loading')}
      className={cn('h-5 w-5 animate-spin text-brand-700', className)}
    />
  );
}

export function FullScreenSpinner() {
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3" role="status" aria-live="polite">
      <Loader2 aria-hidden className="h-8 w-8 animate-spin text-brand-700" />
      <p className="text-sm text-muted">{t('shell.loadingPage')}</p>
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}
