import { Eye } from 'lucide-react';
import { momentText } from '@common/rules/display-time';
import { formatRelativeTime } from '@common/rules/relative-time';
import { USER_TYPE_LABEL } from '../../lib/user-type-labels';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { useRecordAccessLog } from './patient-api';

/** "Who accessed my records": every read of the patient's records by someone else. */
export function AccessLogCard() {
  const log = useRecordAccessLog();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Eye className="h-5 w-5 text-brand-700" aria-hidden /> Who Accessed My Records
        </CardTitle>
        <CardDescription>Your doctors and Medora administrators, each time they opened your records.</CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !log.data || log.data.length === 0 ? (
          <p className="text-sm text-muted">No one else has accessed your records yet.</p>
        ) : (
          <ul className="divide-y divide-line">
            {log.data.map((line) => (
              <li
                key={line.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 text-sm"
              >
                <span>
                  <span className="font-medium text-ink">
                    {line.name ?? (line.role ? USER_TYPE_LABEL[line.role as keyof typeof USER_TYPE_LABEL] : 'Medora')}
                  </span>
                  {line.name && line.role && (
                    <span className="text-muted"> · {USER_TYPE_LABEL[line.role as keyof typeof USER_TYPE_LABEL]}</span>
                  )}
                  <span className="text-muted"> viewed {line.what.toLowerCase()}</span>
                </span>
                <time dateTime={line.occurredAt} className="text-xs text-muted" title={momentText(line.occurredAt)}>
                  {formatRelativeTime(line.occurredAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
