import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Consultation } from '@common/schemas/consultations';
import type { ServerMessageOf } from '@common/schemas/realtime';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { queryKeys } from '../../lib/query-keys';
import { toast } from '../../ui/toast-store';

const useT = textsFor('room');

export const LEAVE_AFTER_END_MS = 2000;
type Cached = Consultation & { receivedAt: number };

/**
 * consultation_started / consultation_ended refresh the data and start or stop the timer; the
 * Started / Ended toasts show on the transition; 2 s after the end the patient goes to
 * /appointments and the doctor to the visit's notes.
 */
export function useRoomEvents(consultation: Consultation) {
  const t = useT();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const key = queryKeys.consultations.one(consultation.id);

  const patch = useCallback(
    (changes: Partial<Consultation>) => {
      client.setQueryData<Cached>(key, (old) => (old ? { ...old, ...changes } : old));
      void client.invalidateQueries({ queryKey: key });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, consultation.id],
  );
  const onStarted = useCallback(
    (m: ServerMessageOf<'consultation_started'>) => patch({ status: 'active', startedAt: m.startedAt }),
    [patch],
  );
  const onEnded = useCallback(
    (m: ServerMessageOf<'consultation_ended'>) => patch({ status: 'ended', endedAt: m.endedAt }),
    [patch],
  );

  const previous = useRef(consultation.status);
  useEffect(() => {
    const before = previous.current;
    previous.current = consultation.status;
    if (before === 'waiting' && consultation.status === 'active') {
      toast({ title: t('room.toast.started'), description: t('room.toast.startedBody'), variant: 'success' });
    }
    if (before !== 'ended' && consultation.status === 'ended') {
      toast({ title: t('room.toast.ended'), description: t('room.toast.endedBody') });
    }
    // A toast follows the status; the language the reader uses at that moment says it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [consultation.status]);

  useEffect(() => {
    if (consultation.status !== 'ended') return;
    // The patient goes back to their appointments; the doctor to the visit's notes, to write them
    // while the visit is fresh.
    const next =
      user?.id === consultation.doctor.userId ? `/visit-notes/${consultation.appointmentId}` : '/appointments';
    const timer = setTimeout(() => navigate(next), LEAVE_AFTER_END_MS);
    return () => clearTimeout(timer);
  }, [consultation.status, consultation.appointmentId, consultation.doctor.userId, user?.id, navigate]);

  return { onStarted, onEnded };
}
