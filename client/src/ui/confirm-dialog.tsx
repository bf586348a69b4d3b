import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { textsFor } from '../lib/i18n/areas';
import { Button } from './button';
import { DialogActions, DialogFrame } from './dialog-frame';

const useT = textsFor('ui');

/**
 * Asks before an action that is hard to take back. Opened by its caller (a switch, a menu item);
 * Cancel and Escape leave everything as it was.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive = true,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogFrame title={title} description={description}>
        <DialogActions closeLabel={t('ui.cancel')} className="mt-5">
          <Button
            variant={destructive ? 'destructive' : 'primary'}
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogFrame>
    </Dialog.Root>
  );
}
