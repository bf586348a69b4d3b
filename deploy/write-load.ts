/**
 * Bookings and card payments against one app instance for the database failover test: every
 * booking (201) and every payment confirmation (200) the app acknowledged is kept with the moment
 * it was acknowledged; every other answer is sorted into 503-with-Retry-After or a failure.
 */
/** `failed`: a 5xx other than 503 with Retry-After, a cut connection, or no answer in 15 s. */
export type Outcome = { at: number; ok: boolean; unavailable: boolean; failed: boolean; what: string };

export class WriteLoad {
  bookings: string[] = [];
  payments: string[] = [];
  outcomes: Outcome[] = [];
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly base: string,
    private readonly doctorIds: string[],
    private readonly patientCookies: string[],
  ) {}

  start(concurrency: number) {
    this.running = true;
    for (let i = 0; i < concurrency; i++) this.workers.push(this.loop(i));
  }

  async stop() {
    this.running = false;
    await Promise.all(this.workers);
    this.workers = [];
  }

  /** Outcomes of write requests sent at or after `from` (performance.now()). */
  writesSince(from: number) {
    return this.outcomes.filter((o) => o.at >= from && o.what.startsWith('POST'));
  }

  private async loop(worker: number) {
    while (this.running) {
      const doctorId = this.doctorIds[Math.floor(Math.random() * this.doctorIds.length)];
      const cookie = this.patientCookies[worker % this.patientCookies.length];
      const date = new Date(Date.now() + (2 + Math.floor(Math.random() * 80)) * 86_400_000).toISOString().slice(0, 10);
      const availability = await this.call('GET', `/api/doctors/${doctorId}/availability?date=${date}`, cookie);
      const free = ((availability?.slots ?? []) as { label: string; available: boolean }[]).filter((s) => s.available);
      if (!availability) await new Promise((resolve) => setTimeout(resolve, 200));
      if (!free.length) continue;
      const booked = await this.call('POST', '/api/appointments', cookie, {
        doctorId,
        appointmentDate: date,
        appointmentTime: free[Math.floor(Math.random() * free.length)].label,
        consultationType: 'video',
        reasonForVisit: 'Database failover visit',
      });
      if (!booked?.id) continue;
      this.bookings.push(booked.id);
      const intent = await this.call('POST', '/api/payments/create-intent', cookie, { appointmentId: booked.id });
      if (!intent) continue;
      const card = await this.call('POST', '/api/payments/simulated/confirm-card', cookie, {
        clientSecret: intent.clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
      });
      if (!card) continue;
      const paid = await this.call('POST', '/api/payments/confirm', cookie, {
        paymentIntentId: intent.paymentIntentId,
      });
      if (paid) this.payments.push(intent.paymentIntentId);
    }
  }

  private async call(method: string, url: string, cookie: string, body?: unknown) {
    const at = performance.now();
    const what = `${method} ${url.replace(/\?.*/, '')}`;
    try {
      const res = await fetch(`${this.base}${url}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      const ok = res.status === 200 || res.status === 201;
      const unavailable = res.status === 503 && res.headers.get('retry-after') !== null;
      const failed = res.status >= 500 && !unavailable;
      this.outcomes.push({
        at,
        ok,
        unavailable,
        failed,
        what: failed ? `${what} ${res.status}: ${text.slice(0, 200)}` : what,
      });
      return ok ? JSON.parse(text) : null;
    } catch (error) {
      const why = `${(error as Error).name}: ${(error as Error).message}`;
      this.outcomes.push({ at, ok: false, unavailable: false, failed: true, what: `${what} ${why}` });
      return null;
    }
  }
}
