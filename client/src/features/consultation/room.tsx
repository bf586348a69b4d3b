import { useMemo, useState } from 'react';
import { JOIN_OPENS_MINUTES_BEFORE, joinPhase } from '@common/rules/join-window';
import type { Consultation } from '@common/schemas/consultations';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { useNow } from '../../lib/use-now';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Container } from '../../ui/page';
import { useEndConsultation, useStartConsultation } from './api';
import { CallControls } from './call-controls';
import { CallNotices, ScreenShareBar } from './call-notices';
import { ChatCard } from './chat-card';
import { VideoPane, VoicePane } from './media-pane';
import { OpenElsewhereCard } from './open-elsewhere-card';
import { ParticipantCard } from './participant-card';
import { RoomHeader } from './room-header';
import { useCallQuality } from './use-call-quality';
import { useConsultationSocket } from './use-consultation-socket';
import { useRoomEvents } from './use-room-events';
import { useWebRtc } from './use-webrtc';
import { VisitNotesPanel } from './visit-notes-panel';
import { MemberHealthCard } from './member-health-card';

const useT = textsFor('room');

/** The live room: header, media, chat and the other participant. */
export function ConsultationRoom({ consultation }: { consultation: Consultation & { receivedAt: number } }) {
  const t = useT();
  const { user } = useCurrentUser();
  const role = user?.id === consultation.doctor.userId ? 'doctor' : 'patient';
  const kind = consultation.appointment.consultationType === 'voice' ? 'voice' : 'video';
  const ended = consultation.status === 'ended';
  const events = useRoomEvents(consultation);
  const socket = useConsultationSocket(consultation.id, events);
  // A new array on every poll would rebuild the peer connection; key it by content.
  const iceKey = JSON.stringify(consultation.iceServers);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const iceServers = useMemo(() => consultation.iceServers, [iceKey]);
  // Opened in another tab or device: this one lets go of the call, camera and microphone included.
  const elsewhere = socket.status === 'replaced';
  const rtc = useWebRtc({ enabled: !ended && !elsewhere, kind, role, iceServers, socket });
  const quality = useCallQuality(rtc, socket, kind);
  const start = useStartConsultation(consultation.id);
  const now = useNow();
  const end = useEndConsultation(consultation.id);
  // Ending is for both and cannot be undone: asked first.
  const [confirmEnd, setConfirmEnd] = useState(false);

  const other = role === 'doctor' ? consultation.patient : consultation.doctor.user;
  const otherName =
    role === 'doctor' ? `${other.firstName} ${other.lastName}` : `Dr. ${other.firstName} ${other.lastName}`;
  const clockOffsetMs = Date.parse(consultation.serverTime) - consultation.receivedAt;
  // Start is offered in the same window as Join; outside it the room says why (to the patient only
  // once the visit is over: before, they simply wait for the doctor).
  const phase = joinPhase(consultation.appointment, new Date(now.getTime() + clockOffsetMs));
  const startNote =
    phase === 'over'
      ? t('room.startNote.over')
      : phase === 'not-yet' && role === 'doctor'
        ? t('room.startNote.notYet', { minutes: JOIN_OPENS_MINUTES_BEFORE })
        : null;
  const paneProps = {
    rtc,
    quality,
    peer: socket.peer,
    otherName,
    otherRole: role === 'doctor' ? 'patient' : 'doctor',
    ended,
  } as const;

  return (
    <Container className="flex flex-col gap-4 pt-4 pb-24 sm:pt-6">
      <RoomHeader consultation={consultation} clockOffsetMs={clockOffsetMs} />
      {elsewhere ? (
        <OpenElsewhereCard onUseHere={socket.takeBack} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <section className="flex flex-col gap-4 lg:col-span-2" aria-label={t('room.section.call')}>
            {rtc.screenShare.track && <ScreenShareBar onStop={rtc.screenShare.stop} />}
            {kind === 'video' ? <VideoPane {...paneProps} /> : <VoicePane {...paneProps} />}
            {kind === 'video' && !ended && <CallNotices rtc={rtc} quality={quality} otherName={otherName} />}
            <CallControls
              kind={kind}
              status={consultation.status}
              isDoctor={role === 'doctor'}
              startNote={startNote}
              videoOn={rtc.videoOn}
              audioOn={rtc.audioOn}
              hasMedia={Boolean(rtc.localStream)}
              starting={start.isPending}
              ending={end.isPending}
              onToggleVideo={rtc.toggleVideo}
              onToggleAudio={rtc.toggleAudio}
              share={
                role === 'doctor' && kind === 'video' && rtc.screenShare.supported && !ended
                  ? {
                      sharing: Boolean(rtc.screenShare.track),
                      // Voice only pauses every video, a screen too; and there is nothing to show without a peer.
                      disabled: rtc.voiceOnly || rtc.remoteVoiceOnly || !socket.peer,
                      onToggle: rtc.screenShare.track ? rtc.screenShare.stop : rtc.screenShare.start,
                    }
                  : undefined
              }
              onStart={() => start.mutate()}
              onEnd={() => setConfirmEnd(true)}
            />
          </section>
          <aside className="flex flex-col gap-4" aria-label={t('room.section.details')}>
            <ParticipantCard consultation={consultation} role={role} />
            <ChatCard
              chat={socket.chat}
              myUserId={user?.id ?? ''}
              connected={socket.status === 'connected'}
              ended={ended}
              onSend={socket.sendChat}
            />
          </aside>
        </div>
      )}
      {role === 'doctor' && <MemberHealthCard member={consultation.familyMember} />}
      {role === 'doctor' && <VisitNotesPanel appointmentId={consultation.appointmentId} />}
      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title={t('room.endConfirm.title')}
        description={t('room.endConfirm.body', { name: otherName })}
        confirmLabel={t('room.controls.end')}
        onConfirm={() => end.mutate()}
      />
    </Container>
  );
}
