// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';

/** The text of the elements an element's aria-describedby points to: what a screen reader adds to its name. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

afterEach(cleanup);

describe('a button that cannot be used now', () => {
  it('says why on screen, next to it, and as its description', () => {
    render(<Button reason="Complete at least 70% of your profile to publish (now 40%).">Publish Profile</Button>);
    const button = screen.getByRole('button', { name: 'Publish Profile' });
    const reason = screen.getByText('Complete at least 70% of your profile to publish (now 40%).');
    expect(reason.className).not.toContain('sr-only');
    expect(button.nextElementSibling).toBe(reason);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(description(button)).toBe('Complete at least 70% of your profile to publish (now 40%).');
  });

  it('stays reachable by keyboard and does nothing when pressed, in a form too', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Code" />
        <Button type="submit" onClick={onClick} reason="Enter the code to continue.">
          Verify
        </Button>
      </form>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Code'));
    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verify' }));
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is an ordinary button without a reason', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('disabled-reason')).toBeNull();
  });
});
