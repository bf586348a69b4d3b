/**
 * Steady closed-loop traffic through the proxy for the failover test: searches, doctor pages,
 * availability, bookings and card payments. It keeps every booking the server acknowledged (201) and, per
 * phase, what failed: a 5xx, a refused or cut connection, or no answer in 15 s.
 */
export class LoadDriver {
  acknowledged: string[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private counters = { total: 0, failed: [] as string[], unavailable: 0, slowestMs: 0 };

  constructor(
    private readonly base: string,
    private readonly doctorIds: string[],
    private readonly patientCookies: string[],
  ) {}

  start(concurrency: number) {
    this.running = true;
    for (let i = 0; i < concurrency; i++) this.workers.push(this.loop());
  }

  stop() {
    this.running = false;
  }

  async idle() {
    await Promise.all(this.workers);
    this.workers = [];
  }

  /** What happened since the previous call. */
  phase() {
    const out = this.counters;
    this.counters = { total: 0, failed: [], unavailable: 0, slowestMs: 0 };
    return out;
  }

  private async loop() {
    while (this.running) {
      const roll = Math.random();
      const doctor = this.doctorIds[Math.floor(Math.random() * this.doctorIds.length)];
      if (roll < 0.4) await this.call('GET', '/api/doctors/search?sort=price_asc');
      else if (roll < 0.65) await this.call('GET', `/api/doctors/${doctor}`);
      else await this.book(doctor);
    }
  }

  private async book(doctorId: string) {
    const date = new Date(Date.now() + (2 + Math.floor(Math.random() * 80)) * 86_400_000).toISOString().slice(0, 10);
    const availability = await this.call('GET', `/api/doctors/${doctorId}/availability?date=${date}`);
    const free = ((availability?.slots ?? []) as { label: string; available: boolean }[]).filter((s) => s.available);
    if (!free.length) return;
    const cookie = this.patientCookies[Math.floor(Math.random() * this.patientCookies.length)];
    const booked = await this.call('POST', '/api/appointments', cookie, {
      doctorId,
      appointmentDate: date,
      appointmentTime: free[Math.floor(Math.random() * free.length)].label,
      consultationType: 'video',
      reasonForVisit: 'Failover test visit',
    });
    if (!booked?.id) return;
    this.acknowledged.push(booked.id);
    // Half are paid by card at once: a confirmed visit queues its e-mails.
    if (Math.random() < 0.5) return;
    const intent = await this.call('POST', '/api/payments/create-intent', cookie, { appointmentId: booked.id });
    if (!intent) return;
    const card = await this.call('POST', '/api/payments/simulated/confirm-card', cookie, {
      clientSecret: intent.clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    if (card) await this.call('POST', '/api/payments/confirm', cookie, { paymentIntentId: intent.paymentIntentId });
  }

  private async call(method: string, url: string, cookie?: string, body?: unknown) {
    const started = performance.now();
    this.counters.total++;
    try {
      const res = await fetch(`${this.base}${url}`, {
        method,
        headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (res.status === 503 && res.headers.get('retry-after')) {
        this.counters.unavailable++;
        this.counters.failed.push(`503 retry-after ${method} ${url}`);
      } else if (res.status >= 500) this.counters.failed.push(`${res.status} ${method} ${url}: ${text.slice(0, 200)}`);
      return res.status === 200 || res.status === 201 ? JSON.parse(text) : null;
    } catch (error) {
      this.counters.failed.push(`${(error as Error).name} ${method} ${url}: ${(error as Error).message}`);
      return null;
    } finally {
      this.counters.slowestMs = Math.max(this.counters.slowestMs, performance.now() - started);
    }
  }
}
