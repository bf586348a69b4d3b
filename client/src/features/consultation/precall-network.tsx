import { RefreshCw } from 'lucide-react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import type { NetworkVerdict } from './network-check';
import { StatusLine } from './precall-status';
import { NETWORK_WORDS } from './precall-texts';
import { textsFor } from '../../lib/i18n/areas';

const useT = textsFor('precall');

/** The network test's verdict with what to do about it. */
export function NetworkPanel({ verdict, onRetry }: { verdict: NetworkVerdict | null; onRetry: () => void }) {
  const t = useT();
  const words = verdict ? NETWORK_WORDS[verdict] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('precall.network.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <StatusLine tone={!verdict ? 'neutral' : verdict === 'none' ? 'bad' : 'good'} testId="network-verdict">
          {t(words ? words.title : 'precall.network.checking')}
        </StatusLine>
        {words && <p className="text-sm text-muted">{t(words.advice)}</p>}
        {verdict && (
          <Button variant="outline" size="sm" className="self-start" onClick={onRetry}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            {t('precall.network.retry')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
