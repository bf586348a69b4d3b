import { RefreshCw } from 'lucide-react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import type { NetworkVerdict } from './network-check';
import { StatusLine } from './precall-status';
import { PRECALL } from './precall-texts';

const N = PRECALL.network;

/** The network test's verdict with what to do about it. */
export function NetworkPanel({ verdict, onRetry }: { verdict: NetworkVerdict | null; onRetry: () => void }) {
  const words = verdict ? N.verdicts[verdict] : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{N.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <StatusLine tone={!verdict ? 'neutral' : verdict === 'none' ? 'bad' : 'good'} testId="network-verdict">
          {words ? words.title : N.checking}
        </StatusLine>
        {words && <p className="text-sm text-muted">{words.advice}</p>}
        {verdict && (
          <Button variant="outline" size="sm" className="self-start" onClick={onRetry}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            {N.retry}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
