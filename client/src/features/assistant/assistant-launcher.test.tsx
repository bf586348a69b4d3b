// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AssistantLauncher } from './assistant-launcher';

const dock = () => screen.getByTestId('assistant-dock');

afterEach(() => {
  cleanup();
  document.body.removeAttribute('data-scroll-locked');
  document.body.querySelectorAll('[data-test-overlay]').forEach((el) => el.remove());
});

describe('the assistant button beside overlays', () => {
  it('is there on a plain page', () => {
    render(<AssistantLauncher />);
    expect(dock().hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Open health assistant' })).toBeTruthy();
  });

  it('hides while a modal dialog or menu is open, and comes back after', async () => {
    render(<AssistantLauncher />);
    act(() => document.body.setAttribute('data-scroll-locked', '1'));
    await waitFor(() => expect(dock().hidden).toBe(true));
    act(() => document.body.removeAttribute('data-scroll-locked'));
    await waitFor(() => expect(dock().hidden).toBe(false));
  });

  it('hides while a popover is open', async () => {
    render(<AssistantLauncher />);
    const popover = document.createElement('div');
    popover.setAttribute('data-radix-popper-content-wrapper', '');
    popover.setAttribute('data-test-overlay', '');
    act(() => {
      document.body.appendChild(popover);
    });
    await waitFor(() => expect(dock().hidden).toBe(true));
  });

  it('hides while a date field is being picked', async () => {
    render(
      <>
        <input type="date" aria-label="Date" />
        <input type="text" aria-label="Reason" />
        <AssistantLauncher />
      </>,
    );
    act(() => screen.getByLabelText('Date').focus());
    await waitFor(() => expect(dock().hidden).toBe(true));
    act(() => screen.getByLabelText('Reason').focus());
    await waitFor(() => expect(dock().hidden).toBe(false));
  });
});
