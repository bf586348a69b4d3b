import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  it('blocks a key after the fifth failure until the window passes', () => {
    let now = 0;
    const throttle = new LoginThrottle(5, 60_000, () => now);
    for (let i = 0; i < 4; i++) throttle.recordFailure('a@b.co');
    expect(throttle.retryAfter('a@b.co')).toBe(0);
    throttle.recordFailure('a@b.co');
    expect(throttle.retryAfter('a@b.co')).toBe(60_000);
    expect(throttle.retryAfter('other@b.co')).toBe(0);
    now = 60_001;
    expect(throttle.retryAfter('a@b.co')).toBe(0);
  });

  it('forgets failures after a successful sign-in', () => {
    const throttle = new LoginThrottle(2, 60_000, () => 0);
    throttle.recordFailure('x');
    throttle.reset('x');
    throttle.recordFailure('x');
    expect(throttle.retryAfter('x')).toBe(0);
  });
});
