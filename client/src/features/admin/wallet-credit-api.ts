import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserRow, WalletCreditRequest } from '@common/schemas/admin';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** A goodwill credit into a patient's wallet; the users list (its wallet figure) and the audit log refresh. */
export function useCreditWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, credit }: { userId: string; credit: WalletCreditRequest }) =>
      apiRequest<AdminUserRow>('POST', `/api/admin/users/${userId}/wallet-credits`, credit),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.admin.listAll('users') });
      void client.invalidateQueries({ queryKey: queryKeys.admin.listAll('audit') });
    },
  });
}
