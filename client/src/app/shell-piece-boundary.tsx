import { Component, type ReactNode } from 'react';

/**
 * Around the shell's own lazy pieces (footer, toaster, bell, menus, assistant). They sit outside
 * every route's boundary, so without this a piece whose chunk vanished in a deploy would unmount
 * the whole app; with it the page simply goes on without that piece.
 */
export class ShellPieceBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
