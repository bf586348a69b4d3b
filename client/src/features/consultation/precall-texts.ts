import type { ClientMessageKey } from '@common/i18n/keys';
import type { NetworkVerdict } from './network-check';
import type { DeviceStatus } from './use-precall-devices';

/** The pre-call check's device verdicts, as keys of the `precall` area. */
export const CAMERA_WORDS: Record<DeviceStatus, ClientMessageKey> = {
  checking: 'precall.camera.checking',
  ok: 'precall.camera.ok',
  blocked: 'precall.camera.blocked',
  missing: 'precall.camera.missing',
  busy: 'precall.camera.busy',
  unsupported: 'precall.camera.unsupported',
  off: 'precall.camera.voiceChosen',
};

export const MIC_WORDS: Record<Exclude<DeviceStatus, 'ok' | 'off'>, ClientMessageKey> = {
  checking: 'precall.microphone.checking',
  blocked: 'precall.microphone.blocked',
  missing: 'precall.microphone.missing',
  busy: 'precall.microphone.busy',
  unsupported: 'precall.microphone.unsupported',
};

export const NETWORK_WORDS: Record<NetworkVerdict, { title: ClientMessageKey; advice: ClientMessageKey }> = {
  direct: { title: 'precall.network.direct.title', advice: 'precall.network.direct.advice' },
  relay: { title: 'precall.network.relay.title', advice: 'precall.network.relay.advice' },
  none: { title: 'precall.network.none.title', advice: 'precall.network.none.advice' },
};
