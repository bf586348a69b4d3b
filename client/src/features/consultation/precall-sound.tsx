import { RefreshCw, Volume2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Field, Select } from '../../ui/input';
import { DEVICE_TONE, StatusLine } from './precall-status';
import { PRECALL } from './precall-texts';
import { canChooseSpeaker, playTestTone } from './speaker-tone';
import type { DeviceStatus } from './use-precall-devices';
import { HEARD_LEVEL, useMicLevel } from './use-mic-level';

const M = PRECALL.microphone;
const S = PRECALL.speaker;

const MIC_WORDS: Record<Exclude<DeviceStatus, 'ok' | 'off'>, string> = {
  checking: M.checking,
  blocked: M.blocked,
  missing: M.missing,
  busy: M.busy,
  unsupported: M.unsupported,
};

function DevicePicker({
  label,
  devices,
  value,
  onChoose,
  fallbackName,
}: {
  label: string;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  onChoose: (deviceId: string) => void;
  fallbackName: string;
}) {
  if (devices.length === 0) return null;
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} value={value ?? ''} onChange={(e) => onChoose(e.target.value)}>
          {devices.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || `${fallbackName} ${i + 1}`}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** The level bar: role=meter with its value in words, and a sentence once we have heard something. */
function LevelMeter({ stream }: { stream: MediaStream | null }) {
  const { level, heard, suspended, resume } = useMicLevel(stream);
  return (
    <div className="flex flex-col gap-2">
      <div
        role="meter"
        aria-label={M.meterLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        aria-valuetext={level >= HEARD_LEVEL ? 'Sound' : 'Quiet'}
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
          {M.startMeter}
        </Button>
      ) : (
        <StatusLine tone={heard ? 'good' : 'info'}>{heard ? M.heard : M.speak}</StatusLine>
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>{M.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {status === 'ok' || status === 'off' ? (
          <LevelMeter stream={stream} />
        ) : (
          <StatusLine tone={DEVICE_TONE[status]}>{MIC_WORDS[status]}</StatusLine>
        )}
        {DEVICE_TONE[status] === 'bad' && (
          <Button variant="outline" size="sm" className="self-start" onClick={onRetry}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            {PRECALL.blocked.retry}
          </Button>
        )}
        {status === 'ok' && (
          <DevicePicker
            label={M.picker}
            devices={microphones}
            value={microphoneId}
            onChoose={onChoose}
            fallbackName="Microphone"
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
        <CardTitle>{S.title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {canChooseSpeaker() && (
          <DevicePicker
            label={S.picker}
            devices={speakers}
            value={speakerId}
            onChoose={onChoose}
            fallbackName="Speaker"
          />
        )}
        <Button variant="outline" className="self-start" onClick={handlePlay} disabled={state === 'playing'}>
          <Volume2 className="h-4 w-4" aria-hidden />
          {state === 'playing' ? S.playing : S.play}
        </Button>
        {state === 'played' && <StatusLine tone="info">{S.advice}</StatusLine>}
        {state === 'failed' && <StatusLine tone="bad">{S.failed}</StatusLine>}
      </CardContent>
    </Card>
  );
}
