import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { textDirection } from '@common/i18n/languages';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { useLanguage } from '../../lib/i18n/use-t';
import { useWhen } from '../../lib/i18n/use-when';
import { itemsOf, patientAppointmentsQuery } from '../../lib/patient-appointments';
import { PUSH_WORKER_URL } from '../../lib/push-device';
import { keepOfflinePages } from './offline-cache';
import { nextVisitOf, offlinePageHtml } from './offline-page';

const useT = textsFor('install');

/** The one worker, for pushes and the offline page alike (decision 085): never a second one. */
function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' }).catch(() => undefined);
}

/**
 * Keeps the offline page up to date with the language and, for a signed-in patient, the next visit
 * from the appointments the app last loaded. It asks the server for nothing itself: the list is
 * read from the query cache when a screen (home, My Appointments) has loaded it.
 */
export default function OfflineKeeper() {
  const t = useT();
  const when = useWhen();
  const { language } = useLanguage();
  const { user, isLoading } = useCurrentUser();
  const patient = user?.userType === 'patient' ? user : null;
  // The upcoming half is enough: the next visit is its first paid one.
  const { data } = useInfiniteQuery({ ...patientAppointmentsQuery('upcoming'), enabled: false });
  const appointments = data ? itemsOf(data) : undefined;

  const page = (nextVisit: string | null) =>
    offlinePageHtml({
      language,
      dir: textDirection(language),
      title: t('install.offline.title'),
      heading: t('install.offline.heading'),
      nextVisit,
      help: t('install.offline.help'),
      retry: t('install.offline.retry'),
    });
  const plain = page(null);
  const next = patient && appointments ? nextVisitOf(appointments, new Date()) : null;
  const visitHtml = next
    ? page(t('install.offline.nextVisit', { when: when.when(next.startsAt), doctor: next.doctor }))
    : null;
  const owner = patient?.id ?? null;
  // Known only once the visits were loaded for a patient; otherwise what was written stays (or goes, see keepOfflinePages).
  const visitKnown = patient !== null && appointments !== undefined;
  const endsAt = next?.endsAt ?? null;

  useEffect(registerWorker, []);

  useEffect(() => {
    if (isLoading) return;
    const visit =
      visitHtml && endsAt && owner ? { html: visitHtml, endsAt, owner } : visitKnown || !owner ? null : undefined;
    void keepOfflinePages({ plain, visit, owner }).catch(() => undefined);
  }, [isLoading, plain, visitHtml, endsAt, owner, visitKnown]);

  return null;
}
