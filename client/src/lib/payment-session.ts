import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

export type PaymentSession<T> = {
  data?: T;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
};

/**
 * A payment session for what `key` names, created by `create`. Creating one changes the server, so
 * it is a mutation made once per key (a ref keeps a double mount to one request), never re-run by a
 * refetch. A null key asks for nothing (not ready yet, or already paid: asking again would be
 * refused with 409 "already paid"). Only the answer for the key still shown counts.
 */
export function usePaymentSession<T>(key: string | null, create: () => Promise<T>): PaymentSession<T> {
  const { mutateAsync } = useMutation({ mutationFn: (_key: string) => create() });
  const asked = useRef<string | null>(null);
  const [session, setSession] = useState<{ key: string; data?: T; error?: unknown } | null>(null);

  useEffect(() => {
    if (key === null || asked.current === key) return;
    asked.current = key;
    // An earlier answer that arrives late is dropped.
    const settle = (answer: { data?: T; error?: unknown }) => {
      if (asked.current === key) setSession({ key, ...answer });
    };
    mutateAsync(key).then(
      (data) => settle({ data }),
      (error: unknown) => settle({ error }),
    );
  }, [key, mutateAsync]);

  const current = session !== null && session.key === key ? session : null;
  const isError = current !== null && current.error !== undefined;
  return {
    data: current?.data,
    error: current?.error ?? null,
    isPending: current === null,
    isError,
    isSuccess: current !== null && !isError,
  };
}
