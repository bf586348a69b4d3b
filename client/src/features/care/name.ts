import { textsFor } from '../../lib/i18n/areas';
import type { Person } from './people';

const useT = textsFor('messages');

/** "Dr. Amara Okafor" for a doctor, "Sam Lee" for a patient, in the reader's language. */
export function useNameOf() {
  const t = useT();
  return (person: Pick<Person, 'firstName' | 'lastName' | 'isDoctor'>) =>
    person.isDoctor
      ? t('messages.doctorName', { first: person.firstName, last: person.lastName })
      : `${person.firstName} ${person.lastName}`;
}
