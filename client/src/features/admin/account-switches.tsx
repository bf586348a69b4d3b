import { textsFor } from '../../lib/i18n/areas';
import { Switch } from '../../ui/switch';
import { ActiveSwitch } from './active-switch';
import { useToggle } from './api';
import { useToggleCallbacks } from './toggle-messages';

const useT = textsFor('admin');

const CONSEQUENCE = {
  users: 'admin.users.deactivateConsequence',
  doctors: 'admin.doctors.deactivateConsequence',
} as const;

/** A row's Active and Verified switches, in the Users and the Doctors tab alike. */
export function AccountSwitches({
  list,
  id,
  name,
  isActive,
  isVerified,
}: {
  list: 'users' | 'doctors';
  id: string;
  name: string;
  isActive: boolean;
  isVerified: boolean;
}) {
  const t = useT();
  const callbacks = useToggleCallbacks();
  const status = useToggle(list, 'status');
  const verify = useToggle(list, 'verify');
  return (
    <>
      <ActiveSwitch
        checked={isActive}
        name={name}
        disabled={status.isPending}
        consequence={t(CONSEQUENCE[list])}
        onChange={(value) =>
          status.mutate(
            { id, value },
            callbacks(`${list}/status`, t(value ? 'admin.toggle.nowActive' : 'admin.toggle.nowInactive', { name })),
          )
        }
      />
      <Switch
        checked={isVerified}
        label={t('admin.switch.verified')}
        name={t('admin.switch.verifiedName', { name })}
        disabled={verify.isPending}
        onChange={(value) =>
          verify.mutate(
            { id, value },
            callbacks(`${list}/verify`, t(value ? 'admin.toggle.nowVerified' : 'admin.toggle.nowUnverified', { name })),
          )
        }
      />
    </>
  );
}
