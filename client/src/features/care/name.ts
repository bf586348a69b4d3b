import { textsFor } from '../../lib/i18n/areas';
import { useLanguage } from '../../lib/i18n/use-t';
import type { Person } from './people';

const useT = textsFor('messages');

/**
 * "Dr. Amara Okafor" for a doctor, "Sam Lee" for a patient, in the reader's language. In Arabic the
 * name is isolated (FSI…PDI), so a Latin name keeps its place after "د." instead of jumping before it.
 */
export function useNameOf() {
  const t = useT();
  const { language } = useLanguage();
  const [open, close] = language === 'ar' ? ['\u2068', '\u2069'] : ['', ''];
  return (person: Pick<Person, 'firstName' | 'lastName' | 'isDoctor'>) =>
    person.isDoctor
      ? t('messages.doctorName', { first: `${open}${person.firstName}`, last: `${person.lastName}${close}` })
      : `${person.firstName} ${person.lastName}`;
}
