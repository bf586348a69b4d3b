import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserRowSchema, type WalletCreditRequest } from '@common/schemas/admin';
import { endpoint } from '../../lib/endpoint';
import { queryKeys } from '../../lib/query-keys';

const creditWallet = endpoint('POST', '/api/admin/users/:userId/wallet-credits', adminUserRowSchema);

/** A goodwill credit into a patient's wallet; the users list (its wallet figure) and the audit log refresh. */
export function useCreditWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, credit }: { userId: string; credit: WalletCreditRequest }) =>
      creditWallet.send({ params: { userId }, body: credit }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.admin.listAll('users') });
      void client.invalidateQueries({ queryKey: queryKeys.admin.listAll('audit') });
    },
  });
}
