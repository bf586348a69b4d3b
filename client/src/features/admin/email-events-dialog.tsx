import { Mail, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { EMAIL_EVENT_LABELS, type EMAIL_EVENT_GROUPS, type EmailEvent } from '@common/constants/admin';
import { Button } from '../../ui/button';
import { DialogActions, DialogFrame } from '../../ui/dialog-frame';

type Group = (typeof EMAIL_EVENT_GROUPS)[number];

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
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<EmailEvent[]>(selected);
  const on = group.events.filter((e) => selected.includes(e)).length;

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
          <p className="text-sm font-medium text-ink">{group.title}</p>
          <p className="text-xs text-muted">
            {group.description} · {on} of {group.events.length} on
          </p>
        </div>
        <Dialog.Trigger asChild>
          <Button variant="outline" size="sm">
            <Mail className="h-4 w-4" aria-hidden /> Configure
          </Button>
        </Dialog.Trigger>
      </div>
      <DialogFrame title={group.title} description="Send an e-mail to administrators when:">
        <fieldset className="mt-4 flex flex-col gap-3">
          <legend className="sr-only">Events</legend>
          {group.events.map((event) => (
            <label key={event} className="flex items-center gap-3 text-sm text-ink">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                checked={draft.includes(event)}
                onChange={(e) => setDraft(e.target.checked ? [...draft, event] : draft.filter((d) => d !== event))}
              />
              {EMAIL_EVENT_LABELS[event]}
            </label>
          ))}
        </fieldset>
        <DialogActions closeLabel="Cancel" className="mt-6">
          <Button
            onClick={() => {
              const others = selected.filter((e) => !group.events.includes(e));
              onChange([...others, ...group.events.filter((e) => draft.includes(e))]);
              setOpen(false);
            }}
          >
            Done
          </Button>
        </DialogActions>
        <Dialog.Close aria-label="Close" className="absolute top-3 end-3 rounded p-1 text-muted hover:text-ink">
          <X className="h-4 w-4" />
        </Dialog.Close>
      </DialogFrame>
    </Dialog.Root>
  );
}
