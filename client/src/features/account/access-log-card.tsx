import { Eye } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import { textsFor } from '../../lib/i18n/areas';
import { USER_TYPE_KEY } from '../../lib/user-type-labels';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';
import { useRecordAccessLog } from './patient-api';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('account');

// The server names the record in English (its audit words); the reader sees them in their language.
const WHAT_KEY: Record<string, ClientMessageKey> = {
  'Patient profile': 'account.accessLog.what.profile',
  Appointments: 'account.accessLog.what.appointments',
  'Consultation messages': 'account.accessLog.what.messages',
  'Visit documents': 'account.accessLog.what.documents',
  'E-mails': 'account.accessLog.what.emails',
  'Family members': 'account.accessLog.what.family',
};

/**
 * "Who accessed my records": every read of the patient's records by someone else. Repeats by one
 * person within ten minutes are one line with their count, dated by the last of them.
 */
export function AccessLogCard() {
  const t = useT();
  const time = useWhen();
  const log = useRecordAccessLog();
  const role = (value: string) => t(USER_TYPE_KEY[value as keyof typeof USER_TYPE_KEY]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Eye className="h-5 w-5 text-brand-700" aria-hidden /> {t('account.accessLog.title')}
        </CardTitle>
        <CardDescription>{t('account.accessLog.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !log.data || log.data.length === 0 ? (
          <p className="text-sm text-muted">{t('account.accessLog.empty')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {log.data.map((line) => (
              <li
                key={line.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 text-sm"
              >
                <span>
                  <span className="font-medium text-ink">
                    {line.name ?? (line.role && line.role in USER_TYPE_KEY ? role(line.role) : 'Medora')}
                  </span>
                  {line.name && line.role && line.role in USER_TYPE_KEY && (
                    <span className="text-muted"> · {role(line.role)}</span>
                  )}{' '}
                  <span className="text-muted">
                    {t('account.accessLog.viewed', {
                      what: WHAT_KEY[line.what] ? t(WHAT_KEY[line.what]) : line.what.toLowerCase(),
                    })}
                    {line.count > 1 && <> · {t('account.accessLog.times', { count: line.count })}</>}
                  </span>
                </span>
                <time dateTime={line.lastReadAt} className="text-xs text-muted" title={time.moment(line.lastReadAt)}>
                  {time.relative(line.lastReadAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
