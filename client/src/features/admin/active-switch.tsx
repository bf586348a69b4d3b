import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Switch } from '../../ui/switch';

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
  return (
    <>
      <Switch
        checked={checked}
        label="Active"
        name={`${name} active`}
        disabled={disabled}
        onChange={(next) => (next ? onChange(true) : setConfirming(true))}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Deactivate ${name}?`}
        description={consequence}
        confirmLabel="Deactivate"
        onConfirm={() => onChange(false)}
      />
    </>
  );
}
