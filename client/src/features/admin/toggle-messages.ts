import { useCallback } from 'react';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { toast } from '../../ui/toast-store';

const useT = textsFor('admin');

/** The toasts of the four admin switches: success title, and the fallback when the server says nothing. */
export const TOGGLE_TEXTS = {
  'users/status': { success: 'admin.toggle.userStatus', failure: 'admin.toggle.userStatusFailed' },
  'users/verify': { success: 'admin.toggle.userVerify', failure: 'admin.toggle.userVerifyFailed' },
  'doctors/verify': { success: 'admin.toggle.doctorVerify', failure: 'admin.toggle.doctorVerifyFailed' },
  'doctors/status': { success: 'admin.toggle.doctorStatus', failure: 'admin.toggle.doctorStatusFailed' },
} as const;

/** The callbacks of a switch's request, with its toasts in the viewer's language. */
export function useToggleCallbacks() {
  const t = useT();
  return useCallback(
    (key: keyof typeof TOGGLE_TEXTS, description: string) => {
      const texts = TOGGLE_TEXTS[key];
      return {
        onSuccess: () => toast({ title: t(texts.success), description, variant: 'success' as const }),
        onError: (e: unknown) =>
          toast({
            title: t('admin.error'),
            description: errorMessage(e, t(texts.failure)),
            variant: 'destructive' as const,
          }),
      };
    },
    [t],
  );
}
