import { useSyncExternalStore } from 'react';

/** Chromium's `beforeinstallprompt` event: not in the DOM typings because other browsers lack it. */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** Set once this device has been offered the app; the offer is never made again on it. */
export const INSTALL_OFFERED_KEY = 'medora.installOffered';

let captured: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install prompt for the one moment Medora offers it (after a booking) instead
 * of letting the browser show it on a first visit. Called once at start-up: the event fires early.
 */
export function captureInstallPrompt(target: Window = window) {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    captured = event as InstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    captured = null;
    changed();
  });
}

/** The kept prompt, or null while the browser has none to give (installed, unsupported, used). */
export function useInstallPrompt(): InstallPromptEvent | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => captured,
    () => null,
  );
}

/** A prompt can be shown once; after that the browser gives a new one if the app is still not installed. */
export async function showInstallPrompt(event: InstallPromptEvent): Promise<void> {
  if (captured === event) {
    captured = null;
    changed();
  }
  await event.prompt();
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Whether this device may still be offered the app. A device whose storage cannot be read (a private
 * window that refuses it) counts as offered: without a memory the offer could come back every time.
 */
export function mayOfferInstall(storage: Store | undefined): boolean {
  try {
    return !!storage && storage.getItem(INSTALL_OFFERED_KEY) === null;
  } catch {
    return false;
  }
}

/** Remembers the offer as made the moment it is shown, whatever the person answers. */
export function rememberInstallOffered(storage: Store | undefined) {
  try {
    storage?.setItem(INSTALL_OFFERED_KEY, new Date().toISOString());
  } catch {
    // Nothing to do: mayOfferInstall already refuses where storage fails.
  }
}

/** For component tests: forget a kept prompt between tests. */
export function forgetInstallPromptForTests() {
  captured = null;
  changed();
}
