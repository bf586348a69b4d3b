import { useState } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Switch } from '../../ui/switch';

const useT = textsFor('admin');

/**
 * The "Active" switch of an account or a doctor. Turning it on applies at once; turning it off
 * asks first and says what it does, since the person loses access or the doctor leaves the directory.
 */
export function ActiveSwitch({
  name,
  checked,
  disabled,
  consequence,
  onChange,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  /** What deactivating does, in a sentence or two. */
  consequence: string;
  onChange: (next: boolean) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  return (
    <>
      <Switch
        checked={checked}
        label={t('admin.switch.active')}
        name={t('admin.switch.activeName', { name })}
        disabled={disabled}
        onChange={(next) => (next ? onChange(true) : setConfirming(true))}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.switch.deactivateTitle', { name })}
        description={consequence}
        confirmLabel={t('admin.switch.deactivate')}
        onConfirm={() => onChange(false)}
      />
    </>
  );
}
