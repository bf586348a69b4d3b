import { useCallback, useEffect, useState } from 'react';
import type { IceServer } from '@common/schemas/consultations';
import { checkNetwork, type NetworkVerdict } from './network-check';

/** The network test, run once on arrival and again on request; null while it runs. */
export function useNetworkCheck(iceServers: IceServer[]) {
  const [verdict, setVerdict] = useState<NetworkVerdict | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(iceServers);
  useEffect(() => {
    let cancelled = false;
    setVerdict(null);
    void checkNetwork(JSON.parse(key) as IceServer[]).then((v) => {
      if (!cancelled) setVerdict(v);
    });
    return () => {
      cancelled = true;
    };
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { verdict, retry };
}
