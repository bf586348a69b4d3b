import type { NetworkVerdict } from './network-check';

/** Every word of the pre-call check, in one place for the translations to come. */
export const PRECALL = {
  title: 'Before you join',
  subtitle: (visit: string) =>
    `Check your camera, microphone and connection for your ${visit}. It takes a few seconds.`,
  shareNote: {
    patient: 'Your doctor sees whether your camera, microphone and connection work, nothing else.',
    doctor: 'The patient sees no result of yours; you see theirs beside their name.',
  },
  joinNow: 'Join now',
  joinByVoice: 'Join by voice',
  joinHint: 'You can join at any time; chat works even without a camera or microphone.',
  camera: {
    title: 'Camera',
    picker: 'Camera',
    previewLabel: 'Your camera preview',
    checking: 'Starting your camera…',
    ok: 'Your camera works.',
    blocked: 'This browser is not allowed to use your camera.',
    missing: 'No camera was found.',
    busy: 'Your camera is in use by another application. Close it, then check again.',
    unsupported: 'This browser cannot use a camera here (a secure https page is needed).',
    voiceChosen: 'You will join by voice: your camera stays off.',
  },
  microphone: {
    title: 'Microphone',
    picker: 'Microphone',
    meterLabel: 'Microphone level',
    checking: 'Starting your microphone…',
    speak: 'Say something: the bar moves when we hear you.',
    heard: 'We hear you.',
    blocked: 'This browser is not allowed to use your microphone.',
    missing: 'No microphone was found.',
    busy: 'Your microphone is in use by another application.',
    unsupported: 'This browser cannot use a microphone here.',
    startMeter: 'Show microphone level',
  },
  speaker: {
    title: 'Speakers',
    picker: 'Speaker',
    play: 'Play test sound',
    playing: 'Playing a short tone…',
    advice: 'Heard nothing? Turn the volume up or choose another speaker.',
    failed: 'The test sound could not play in this browser.',
  },
  network: {
    title: 'Connection',
    checking: 'Testing your connection…',
    retry: 'Test again',
    verdicts: {
      direct: {
        title: 'Direct connection possible',
        advice: 'Your network lets the call connect directly, for the best picture and sound.',
      },
      relay: {
        title: 'Relay only — the call will work',
        advice:
          'Your network blocks direct connections, so the call goes through our relay server. It works; on a slow link, turn your camera off if the picture freezes.',
      },
      none: {
        title: 'No connection possible — try another network',
        advice:
          'Nothing got through from this network (a strict company firewall or VPN?). Switch to mobile data or another Wi-Fi, or turn the VPN off, then test again. Chat still works.',
      },
    } satisfies Record<NetworkVerdict, { title: string; advice: string }>,
  },
  blocked: {
    title: 'Your camera is not available',
    voiceOffer: 'You can join by voice now, and turn to video another time.',
    howTo: (browser: string) => `To allow the camera in ${browser}:`,
    systemNote: 'Still blocked? Your computer’s privacy settings may stop the browser from using the camera.',
    retry: 'Check again',
  },
} as const;
