import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '../core/clock';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createTestApp, type TestContext } from './test-app';

/**
 * A test file's app that delivers its mail to a real SMTP server on loopback: both are started
 * before the file's tests and closed after them. Read `t` and `sink` inside tests and hooks.
 */
export function appWithMailSink(clock: Clock) {
  const ctx = {} as { t: TestContext; sink: SmtpSink };
  beforeAll(async () => {
    ctx.sink = await startSmtpSink();
    ctx.t = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${ctx.sink.port}`, PUBLIC_ORIGIN: 'https://medora.test' },
      { clock },
    );
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.sink?.close();
  });
  return ctx;
}

/** The messages the sink received for one address. */
export const mailTo = (sink: SmtpSink, address: string) =>
  sink.messages.filter((m) => m.to && JSON.stringify(m.to).includes(address));
