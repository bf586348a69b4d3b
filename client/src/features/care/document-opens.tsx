import { ChevronDown, Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { DOCUMENT_OPENS_LIMIT } from '@common/constants/care';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/spinner';
import { useDocumentOpens } from './api';

const useT = textsFor('my-documents');

/**
 * "Opened by" under one of the patient's documents: a disclosure that asks the server only when
 * opened, then lists each download by someone else with its time in the viewer's zone.
 */
export function DocumentOpens({ id, title }: { id: string; title: string }) {
  const t = useT();
  const when = useWhen();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const opens = useDocumentOpens(id, open);
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="-ms-3 self-start"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('my-documents.openedBy.buttonLabel', { title })}
        onClick={() => setOpen((was) => !was)}
      >
        <Eye className="h-4 w-4" aria-hidden /> {t('my-documents.openedBy.button')}
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </Button>
      {open && (
        <div id={panelId} className="rounded-lg bg-slate-50 px-3 py-2">
          {opens.isPending ? (
            <div role="status" aria-busy="true" aria-label={t('my-documents.openedBy.loading')}>
              <Skeleton className="h-8 w-full" />
            </div>
          ) : opens.isError ? (
            <p role="alert" className="text-sm text-danger">
              {t('my-documents.opened.error')}
            </p>
          ) : opens.data.length === 0 ? (
            <p className="text-sm text-muted">{t('my-documents.openedBy.none')}</p>
          ) : (
            <ul className="divide-y divide-line" aria-label={t('my-documents.openedBy.listLabel', { title })}>
              {opens.data.map((line) => (
                <li key={line.id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5 text-sm">
                  <span className="font-medium text-ink">{line.name ?? t('my-documents.opened.staff')}</span>
                  <span className="text-muted">
                    {t('my-documents.opened.when', { time: when.moment(line.lastAt), count: line.count })}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-1 text-xs text-muted">{t('my-documents.openedBy.note', { limit: DOCUMENT_OPENS_LIMIT })}</p>
        </div>
      )}
    </div>
  );
}
