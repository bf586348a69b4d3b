import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '../lib/cn';
import { useLanguage, useT } from '../lib/i18n/use-t';
import { dismissToast, TOAST_DURATION_MS, useCurrentToast } from './toast-store';

const TONE = {
  default: 'border-line bg-white text-ink',
  success: 'border-green-200 bg-white text-ink',
  destructive: 'border-red-300 bg-red-50 text-red-900',
};

export function Toaster() {
  const item = useCurrentToast();
  const t = useT();
  // A toast is swiped away toward the edge it sits at: the end of the line.
  const { language } = useLanguage();
  return (
    <Toast.Provider
      swipeDirection={language === 'ar' ? 'left' : 'right'}
      swipeThreshold={50}
      duration={TOAST_DURATION_MS}
    >
      {item && (
        <Toast.Root
          key={item.id}
          defaultOpen
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:animate-out',
            TONE[item.variant],
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label={t('shell.toast.close')}
            className="absolute end-3 top-3 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed end-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 sm:bottom-auto sm:top-16" />
    </Toast.Provider>
  );
}
