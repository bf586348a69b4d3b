import { Smartphone } from 'lucide-react';
import { useId } from 'react';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { PushSubscription } from '@common/schemas/push';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { usePushDevices, useRemovePushDevice, useThisDeviceEndpoint } from '../../lib/push-device';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast-store';
import { LoadFailed } from './load-failed';

const useT = textsFor('account');

/**
 * The server keeps no user agent for a device, only where its pushes go. Each browser maker runs
 * its own push service, so the service's host is what names the browser; an unknown one is shown
 * as its host.
 */
const SERVICES: [RegExp, ClientMessageKey][] = [
  [/(^|\.)fcm\.googleapis\.com$/, 'account.devices.browser.chrome'],
  [/(^|\.)push\.services\.mozilla\.com$/, 'account.devices.browser.firefox'],
  [/(^|\.)push\.apple\.com$/, 'account.devices.browser.safari'],
  [/(^|\.)notify\.windows\.com$/, 'account.devices.browser.edge'],
];

function useDeviceName() {
  const t = useT();
  return (device: PushSubscription) => {
    const key = SERVICES.find(([host]) => host.test(device.service))?.[1];
    return key ? t(key) : device.service;
  };
}

/** "Devices that get notifications" on /profile: each with when it was added, and Remove. */
export function PushDevicesCard() {
  const t = useT();
  const time = useWhen();
  const nameOf = useDeviceName();
  const list = usePushDevices();
  const remove = useRemovePushDevice();
  const thisEndpoint = useThisDeviceEndpoint();
  const headingId = useId();
  const devices = list.data ?? [];

  const removeOne = (device: PushSubscription) =>
    remove.mutate(device.id, {
      onSuccess: () => {
        toast({ title: t('account.devices.removed'), description: nameOf(device), variant: 'success' });
        // The button that had the focus is gone: the card's title takes it, not the page's top.
        document.getElementById(headingId)?.focus();
      },
      onError: (e) =>
        toast({
          title: t('account.devices.removeFailed'),
          description: errorMessage(e, t('account.pleaseTryAgain')),
          variant: 'destructive',
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle id={headingId} tabIndex={-1} className="flex items-center gap-2 outline-none">
          <Smartphone className="h-5 w-5 shrink-0 text-brand-700" aria-hidden /> {t('account.devices.title')}
        </CardTitle>
        <CardDescription>{t('account.devices.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <LoadFailed message={t('account.devices.loadFailed')} onRetry={() => void list.refetch()} />
        ) : devices.length === 0 ? (
          <p className="text-sm text-muted">{t('account.devices.none')}</p>
        ) : (
          <ul className="divide-y divide-line" aria-label={t('account.devices.listLabel')}>
            {devices.map((device) => {
              const name = nameOf(device);
              const added = time.moment(device.createdAt);
              return (
                <li
                  key={device.id}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5 text-sm"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      <span className="break-words">{name}</span>
                      {device.endpoint === thisEndpoint && (
                        <Badge variant="success">{t('account.devices.thisDevice')}</Badge>
                      )}
                    </p>
                    <p className="text-muted">
                      {t('account.devices.added', { when: added })}
                      {name !== device.service && (
                        <>
                          {' · '}
                          <span dir="ltr">{device.service}</span>
                        </>
                      )}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('account.devices.removeOne', { device: name, when: added })}
                    disabled={remove.isPending}
                    onClick={() => removeOne(device)}
                  >
                    {t('account.devices.remove')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
