import { LogIn } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Consultation } from '@common/schemas/consultations';
import type { PrecheckInput } from '@common/schemas/prechecks';
import { Button } from '../../ui/button';
import { Container } from '../../ui/page';
import { loadDeviceChoice, markChecked, saveDeviceChoice, type DeviceChoice } from './device-choice';
import type { CallKind } from './media';
import type { NetworkVerdict } from './network-check';
import { CameraBlockedHelp } from './precall-blocked';
import { CameraPanel } from './precall-camera';
import { NetworkPanel } from './precall-network';
import { MicrophonePanel, SpeakerPanel } from './precall-sound';
import { usePrecallDevices, checkResultOf, trackDeviceId, type DeviceStatus } from './use-precall-devices';
import { useNetworkCheck } from './use-network-check';
import { useReportPrecheck } from './precheck-api';
import { textsFor } from '../../lib/i18n/areas';

const useT = textsFor('precall');

/** What the doctor is told when someone joins, whatever the check had reached by then. */
export function precheckResult(
  kind: CallKind,
  camera: DeviceStatus,
  microphone: DeviceStatus,
  network: NetworkVerdict | null,
  byVoice: boolean,
): PrecheckInput {
  const cameraResult = kind === 'voice' || (byVoice && camera === 'ok') ? 'skipped' : checkResultOf(camera);
  return { camera: cameraResult, microphone: checkResultOf(microphone), network: network ?? 'untested' };
}

const cameraUnavailable = (status: DeviceStatus) => ['blocked', 'missing', 'busy', 'unsupported'].includes(status);

/**
 * The step before the room: camera preview, microphone level, test tone and network test, with
 * Join now always on offer so nobody is held at the door. The devices chosen here go with the
 * person into the room; the result goes to the doctor.
 */
export function PrecallCheck({
  consultation,
  role,
  onJoin,
}: {
  consultation: Consultation;
  role: 'doctor' | 'patient';
  onJoin: () => void;
}) {
  const t = useT();
  const id = consultation.appointmentId;
  const kind: CallKind = consultation.appointment.consultationType === 'voice' ? 'voice' : 'video';
  const [choice, setChoice] = useState<DeviceChoice>(() => loadDeviceChoice(id));
  // The check tries the camera again even after an earlier "join by voice": joining decides that.
  const probeChoice = useMemo(
    () => ({ cameraId: choice.cameraId, microphoneId: choice.microphoneId }),
    [choice.cameraId, choice.microphoneId],
  );
  const devices = usePrecallDevices(kind, probeChoice);
  const network = useNetworkCheck(consultation.iceServers);
  const report = useReportPrecheck(id);
  const listed = (k: MediaDeviceKind) => devices.devices.filter((d) => d.kind === k && d.deviceId);
  const cameraId = trackDeviceId(devices.stream, 'video') ?? choice.cameraId;
  const microphoneId = trackDeviceId(devices.stream, 'audio') ?? choice.microphoneId;
  const other =
    role === 'doctor'
      ? `${consultation.patient.firstName} ${consultation.patient.lastName}`
      : `Dr. ${consultation.doctor.user.firstName} ${consultation.doctor.user.lastName}`;
  const offerVoice = kind === 'video' && cameraUnavailable(devices.camera);

  const handleJoin = (byVoice: boolean) => {
    saveDeviceChoice(id, {
      cameraId,
      microphoneId,
      speakerId: choice.speakerId,
      video: kind === 'video' ? !byVoice : undefined,
    });
    markChecked(id);
    report.mutate(precheckResult(kind, devices.camera, devices.microphone, network.verdict, byVoice));
    onJoin();
  };

  return (
    <Container className="flex flex-col gap-4 pt-4 pb-24 sm:pt-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">{t('precall.title')}</h1>
          <p className="mt-1 text-muted">{t('precall.subtitle', { kind, name: other })}</p>
          <p className="mt-1 text-sm text-muted">
            {t(role === 'doctor' ? 'precall.shareNote.doctor' : 'precall.shareNote.patient')}
          </p>
        </div>
        <div className="flex flex-col gap-1 sm:items-end">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => handleJoin(false)}>
              <LogIn className="h-4 w-4" aria-hidden />
              {t('precall.joinNow')}
            </Button>
          </div>
          <p className="text-xs text-muted sm:max-w-xs sm:text-end">{t('precall.joinHint')}</p>
        </div>
      </div>
      {offerVoice && (
        <CameraBlockedHelp
          blocked={devices.camera === 'blocked'}
          onRetry={devices.retry}
          onJoinByVoice={() => handleJoin(true)}
        />
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        {kind === 'video' && (
          <CameraPanel
            stream={devices.stream}
            status={devices.camera}
            cameras={listed('videoinput')}
            cameraId={cameraId}
            onChoose={(cameraId) => setChoice((c) => ({ ...c, cameraId }))}
          />
        )}
        <div className="flex flex-col gap-4">
          <MicrophonePanel
            stream={devices.stream}
            status={devices.microphone}
            microphones={listed('audioinput')}
            microphoneId={microphoneId}
            onChoose={(microphoneId) => setChoice((c) => ({ ...c, microphoneId }))}
            onRetry={devices.retry}
          />
          <SpeakerPanel
            speakers={listed('audiooutput')}
            speakerId={choice.speakerId}
            onChoose={(speakerId) => setChoice((c) => ({ ...c, speakerId }))}
          />
          {kind === 'video' && <NetworkPanel verdict={network.verdict} onRetry={network.retry} />}
        </div>
        {kind === 'voice' && <NetworkPanel verdict={network.verdict} onRetry={network.retry} />}
      </div>
    </Container>
  );
}
