import { Mail, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import type { EMAIL_EVENT_GROUPS, EmailEvent } from '@common/constants/admin';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';

const useT = textsFor('admin');

type Group = (typeof EMAIL_EVENT_GROUPS)[number];
// The groups' and events' names are keyed by their codes (common/constants/admin.ts keeps the English).
const GROUPS = ['registrations', 'payments', 'verifications'] as const;
const isKnown = (key: string): key is (typeof GROUPS)[number] => (GROUPS as readonly string[]).includes(key);

/** Chooses which of a group's events send e-mail; the choice joins the form and is saved with it. */
export function EmailEventsDialog({
  group,
  selected,
  onChange,
}: {
  group: Group;
  selected: EmailEvent[];
  onChange: (next: EmailEvent[]) => void;
}) {
  const t = useT();
  const f = useFormats();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<EmailEvent[]>(selected);
  const on = group.events.filter((e) => selected.includes(e)).length;
  const known = isKnown(group.key) ? group.key : null;
  const title = known ? t(`admin.mailEvents.group.${known}.title`) : group.title;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(selected);
        setOpen(next);
      }}
    >
      <div className="flex items-center justify-between gap-3 rounded-lg border border-line p-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink">{title}</p>
          <p className="text-xs text-muted">
            {known ? t(`admin.mailEvents.group.${known}.description`) : group.description} ·{' '}
            {t('admin.mailEvents.count', { on: f.number(on), total: f.number(group.events.length) })}
          </p>
        </div>
        <Dialog.Trigger asChild>
          <Button variant="outline" size="sm">
            <Mail className="h-4 w-4" aria-hidden /> {t('admin.mailEvents.configure')}
          </Button>
        </Dialog.Trigger>
      </div>
      <DialogFrame title={title} description={t('admin.mailEvents.description')}>
        <fieldset className="mt-4 flex flex-col gap-3">
          <legend className="sr-only">{t('admin.mailEvents.events')}</legend>
          {group.events.map((event) => (
            <label key={event} className="flex items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={draft.includes(event)}
                onChange={(e) => setDraft(e.target.checked ? [...draft, event] : draft.filter((d) => d !== event))}
              />
              {t(`admin.mailEvents.event.${event}`)}
            </label>
          ))}
        </fieldset>
        <DialogActions closeLabel={t('admin.cancel')} className="mt-6">
          <Button
            onClick={() => {
              const others = selected.filter((e) => !group.events.includes(e));
              onChange([...others, ...group.events.filter((e) => draft.includes(e))]);
              setOpen(false);
            }}
          >
            {t('admin.mailEvents.done')}
          </Button>
        </DialogActions>
        <Dialog.Close
          aria-label={t('admin.close')}
          className="absolute top-3 end-3 rounded p-1 text-muted hover:text-ink"
        >
          <X className="h-4 w-4" />
        </Dialog.Close>
      </DialogFrame>
    </Dialog.Root>
  );
}
