import { CameraOff } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Field, Select } from '../../ui/input';
import { DEVICE_TONE, StatusLine } from './precall-status';
import { CAMERA_WORDS } from './precall-texts';
import { textsFor } from '../../lib/i18n/areas';
import { StreamMedia } from './stream-media';
import type { DeviceStatus } from './use-precall-devices';

const useT = textsFor('precall');

/** The self-view and the camera picker (listed once the browser allows the camera). */
export function CameraPanel({
  stream,
  status,
  cameras,
  cameraId,
  onChoose,
}: {
  stream: MediaStream | null;
  status: DeviceStatus;
  cameras: MediaDeviceInfo[];
  cameraId: string | undefined;
  onChoose: (deviceId: string) => void;
}) {
  const t = useT();
  const showing = status === 'ok' && Boolean(stream?.getVideoTracks().length);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('precall.camera.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="relative aspect-video overflow-hidden rounded-lg bg-slate-900">
          <StreamMedia
            stream={showing ? stream : null}
            kind="video"
            muted
            className="h-full w-full -scale-x-100 object-cover"
            testId="precall-preview"
            label={t('precall.camera.previewLabel')}
          />
          {!showing && (
            <div className="absolute inset-0 flex items-center justify-center text-slate-400">
              <CameraOff className="h-10 w-10" aria-hidden />
            </div>
          )}
        </div>
        <StatusLine tone={DEVICE_TONE[status]}>{t(CAMERA_WORDS[status])}</StatusLine>
        {cameras.length > 0 && status === 'ok' && (
          <Field label={t('precall.camera.picker')}>
            {(props) => (
              <Select {...props} value={cameraId ?? ''} onChange={(e) => onChoose(e.target.value)}>
                {cameras.map((c, i) => (
                  <option key={c.deviceId || i} value={c.deviceId}>
                    {c.label || t('precall.camera.unnamed', { number: i + 1 })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </CardContent>
    </Card>
  );
}
