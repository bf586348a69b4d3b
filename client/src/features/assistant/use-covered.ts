import { useSyncExternalStore } from 'react';

/** Fields whose browser picker opens over the page; the button must not sit on the field meanwhile. */
const PICKER_TYPES = new Set(['date', 'time', 'datetime-local', 'month', 'week']);

/**
 * Something the assistant must not cover or compete with is open: a dialog or menu (Radix locks the
 * page's scroll while a modal one is open), a popover, or a date or time field being picked.
 */
function somethingOpen(): boolean {
  if (document.body.hasAttribute('data-scroll-locked')) return true;
  if (document.querySelector('[data-radix-popper-content-wrapper], [role="dialog"][aria-modal="true"], dialog[open]'))
    return true;
  const active = document.activeElement;
  return active instanceof HTMLInputElement && PICKER_TYPES.has(active.type);
}

function subscribe(onChange: () => void) {
  // Radix portals its dialogs and popovers into <body> and marks <body> while one is modal.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true, attributes: true, attributeFilter: ['data-scroll-locked'] });
  document.addEventListener('focusin', onChange);
  document.addEventListener('focusout', onChange);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', onChange);
    document.removeEventListener('focusout', onChange);
  };
}

export const useAssistantCovered = () => useSyncExternalStore(subscribe, somethingOpen, () => false);
