// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallOffer } from './install-offer';
import {
  captureInstallPrompt,
  forgetInstallPromptForTests,
  INSTALL_OFFERED_KEY,
  mayOfferInstall,
  rememberInstallOffered,
} from '../../lib/install-prompt';

/** The browser announcing that this site can be installed, as Chromium does. */
function browserOffersInstall() {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => void window.dispatchEvent(event));
  return { prompt, event };
}

const heading = () => screen.queryByRole('heading', { name: 'Add Medora to this device?' });

beforeAll(() => captureInstallPrompt(window));
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  forgetInstallPromptForTests();
});

describe('the install offer after a booking', () => {
  it('keeps the browser’s own prompt from showing, and offers the app when the browser can install it', async () => {
    const { event, prompt } = browserOffersInstall();
    expect(event.defaultPrevented).toBe(true);
    render(<InstallOffer />);
    expect(heading()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(heading()).toBeNull();
  });

  it('is offered once per device: shown once is remembered, whatever the answer', () => {
    browserOffersInstall();
    render(<InstallOffer />);
    expect(heading()).not.toBeNull();
    expect(localStorage.getItem(INSTALL_OFFERED_KEY)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    cleanup();
    // The next booking, with the browser still able to install.
    browserOffersInstall();
    render(<InstallOffer />);
    expect(heading()).toBeNull();
  });

  it('waits for the browser: nothing shows and nothing is remembered until it can install', () => {
    render(<InstallOffer />);
    expect(heading()).toBeNull();
    expect(localStorage.getItem(INSTALL_OFFERED_KEY)).toBeNull();
    browserOffersInstall();
    expect(heading()).not.toBeNull();
    expect(localStorage.getItem(INSTALL_OFFERED_KEY)).not.toBeNull();
  });

  it('is not offered again once the app is installed', () => {
    browserOffersInstall();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    render(<InstallOffer />);
    expect(heading()).toBeNull();
  });
});

describe('the once-only memory', () => {
  it('allows an offer on a device that has had none, and no more after one', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(mayOfferInstall(storage)).toBe(true);
    rememberInstallOffered(storage);
    expect(mayOfferInstall(storage)).toBe(false);
  });

  it('offers nothing where the device cannot remember (storage refused)', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(mayOfferInstall(refusing)).toBe(false);
    expect(mayOfferInstall(undefined)).toBe(false);
    expect(() => rememberInstallOffered(refusing)).not.toThrow();
  });
});
