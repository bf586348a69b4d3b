import { describe, expect, it } from 'vitest';
import { joinedBefore } from './join-order';

const at = (ms: number, socket = 'b') => ({ at: ms, socket });

describe('which of two sockets of a user on different instances keeps the room', () => {
  it('a local join announced long ago loses to any newcomer, whatever the clocks say', () => {
    expect(joinedBefore(at(10_000), at(9_000), 12_500)).toBe(true);
  });

  it('joins at about the same time are ordered by stamp, then socket id, the same way on both sides', () => {
    expect(joinedBefore(at(1_000), at(1_500), 1_600)).toBe(true);
    expect(joinedBefore(at(1_500), at(1_000), 1_600)).toBe(false);
    expect(joinedBefore(at(1_000, 'a'), at(1_000, 'b'), 1_100)).toBe(true);
    expect(joinedBefore(at(1_000, 'b'), at(1_000, 'a'), 1_100)).toBe(false);
  });
});
