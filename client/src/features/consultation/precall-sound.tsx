import { RefreshCw, Volume2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Field, Select } from '../../ui/input';
import { DEVICE_TONE, StatusLine } from './precall-status';
import { MIC_WORDS } from './precall-texts';
import { textsFor } from '../../lib/i18n/areas';
import type { ClientMessageKey } from '@common/i18n/keys';
import { canChooseSpeaker, playTestTone } from './speaker-tone';
import type { DeviceStatus } from './use-precall-devices';
import { HEARD_LEVEL, useMicLevel } from './use-mic-level';

const useT = textsFor('precall');

function DevicePicker({
  label,
  devices,
  value,
  onChoose,
  unnamed,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChoose: (deviceId: string) => void;
  /** "Microphone {number}": the name of a device the browser does not name. */
  unnamed: ClientMessageKey;
}) {
  const t = useT();
  if (devices.length === 0) return null;
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} value={value ?? ''} onChange={(e) => onChoose(e.target.value)}>
          {devices.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || t(unnamed, { number: i + 1 })}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** The level bar: role=meter with its value in words, and a sentence once we have heard something. */
function LevelMeter({ stream }: { stream: MediaStream | null }) {
  const t = useT();
  const { level, heard, suspended, resume } = useMicLevel(stream);
  return (
    <div className="flex flex-col gap-2">
      <div
        role="meter"
        aria-label={t('precall.microphone.meterLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        aria-valuetext={t(level >= HEARD_LEVEL ? 'precall.microphone.sound' : 'precall.microphone.quiet')}
        data-testid="mic-meter"
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-green-600 transition-[width] duration-100"
          style={{ width: `${level}%` }}
        />
      </div>
      {suspended ? (
        <Button variant="outline" size="sm" className="self-start" onClick={resume}>
          {t('precall.microphone.startMeter')}
        </Button>
      ) : (
        <StatusLine tone={heard ? 'good' : 'info'}>
          {t(heard ? 'precall.microphone.heard' : 'precall.microphone.speak')}
        </StatusLine>
      )}
    </div>
  );
}

export function MicrophonePanel({
  stream,
  status,
  microphones,
  microphoneId,
  onChoose,
  onRetry,
}: {
  stream: MediaStream | null;
  status: DeviceStatus;
  microphones: MediaDeviceInfo[];
  microphoneId: string | undefined;
  onChoose: (deviceId: string) => void;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('precall.microphone.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status === 'ok' || status === 'off' ? (
          <LevelMeter stream={stream} />
        ) : (
          <StatusLine tone={DEVICE_TONE[status]}>{t(MIC_WORDS[status])}</StatusLine>
        )}
        {DEVICE_TONE[status] === 'bad' && (
          <Button variant="outline" size="sm" className="self-start" onClick={onRetry}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            {t('precall.blocked.retry')}
          </Button>
        )}
        {status === 'ok' && (
          <DevicePicker
            label={t('precall.microphone.picker')}
            devices={microphones}
            value={microphoneId}
            onChoose={onChoose}
            unnamed="precall.microphone.unnamed"
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The test tone, and an output picker where the browser lets a page choose one. */
export function SpeakerPanel({
  speakers,
  speakerId,
  onChoose,
}: {
  speakers: MediaDeviceInfo[];
  speakerId: string | undefined;
  onChoose: (deviceId: string) => void;
}) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'playing' | 'played' | 'failed'>('idle');
  const handlePlay = () => {
    setState('playing');
    playTestTone(speakerId).then(
      () => setState('played'),
      () => setState('failed'),
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('precall.speaker.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {canChooseSpeaker() && (
          <DevicePicker
            label={t('precall.speaker.picker')}
            devices={speakers}
            value={speakerId}
            onChoose={onChoose}
            unnamed="precall.speaker.unnamed"
          />
        )}
        <Button variant="outline" className="self-start" onClick={handlePlay} disabled={state === 'playing'}>
          <Volume2 className="h-4 w-4" aria-hidden />
          {t(state === 'playing' ? 'precall.speaker.playing' : 'precall.speaker.play')}
        </Button>
        {state === 'played' && <StatusLine tone="info">{t('precall.speaker.advice')}</StatusLine>}
        {state === 'failed' && <StatusLine tone="bad">{t('precall.speaker.failed')}</StatusLine>}
      </CardContent>
    </Card>
  );
}
