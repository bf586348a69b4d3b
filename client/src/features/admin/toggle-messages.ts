import { errorMessage } from '../../lib/api';
import { toast } from '../../ui/toast-store';

/** The toasts of the four admin switches: success title, and the fallback when the server says nothing. */
export const TOGGLE_TEXTS = {
  'users/status': { success: 'User Status Updated', failure: 'Failed to update user status' },
  'users/verify': { success: 'User Verification Updated', failure: 'Failed to update verification status' },
  'doctors/verify': { success: 'Doctor Verification Updated', failure: 'Failed to update doctor verification' },
  'doctors/status': { success: 'Doctor Status Updated', failure: 'Failed to update doctor status' },
} as const;

export function toggleCallbacks(key: keyof typeof TOGGLE_TEXTS, description: string) {
  const texts = TOGGLE_TEXTS[key];
  return {
    onSuccess: () => toast({ title: texts.success, description, variant: 'success' as const }),
    onError: (e: unknown) =>
      toast({ title: 'Error', description: errorMessage(e, texts.failure), variant: 'destructive' as const }),
  };
}
