import { randomUUID } from 'node:crypto';

/** Sends of one request before its network failure counts as failed (the browser client's figure). */
const NETWORK_ATTEMPTS = 3;
/** How long a write waits in all on a 409 "still running" (a dead instance's claim lasts 5 s). */
const IN_PROGRESS_BUDGET_MS = 12_000;

/**
 * Steady closed-loop traffic through the proxy for the failover test: searches, doctor pages,
 * availability, bookings and card payments. It behaves as the browser's client does
 * (client/src/lib/api.ts): every write carries a fresh Idempotency-Key, and a network failure is
 * sent again (a write with the same key), a bounded number of times, as is a 409 saying the first
 * request under the key still runs. It keeps every booking the server acknowledged (201) and, per
 * phase, what failed in the end: a 5xx, a refused or cut connection after the retries, a write
 * still "in progress" after the wait, or no answer in 15 s; and how many requests needed a retry.
 */
export class LoadDriver {
  acknowledged: string[] = [];
  private running = false;
  private workers: Promise<void>[] = [];
  private counters = { total: 0, failed: [] as string[], unavailable: 0, slowestMs: 0, retried: 0 };

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
    this.counters = { total: 0, failed: [], unavailable: 0, slowestMs: 0, retried: 0 };
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
    const write = method !== 'GET';
    const headers = {
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(write ? { 'idempotency-key': randomUUID() } : {}),
    };
    let networkFailures = 0;
    let waited = 0;
    try {
      for (;;) {
        let res: Response;
        let text: string;
        try {
          res = await fetch(`${this.base}${url}`, {
            method,
            headers,
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(15_000),
          });
          text = await res.text();
        } catch (error) {
          const failure = `${(error as Error).name} ${method} ${url}: ${(error as Error).message}`;
          if ((error as Error).name === 'TimeoutError' || ++networkFailures >= NETWORK_ATTEMPTS) {
            this.counters.failed.push(failure);
            return null;
          }
          if (networkFailures === 1 && waited === 0) this.counters.retried++;
          await new Promise((r) => setTimeout(r, 250 * networkFailures));
          continue;
        }
        if (write && res.status === 409 && text.includes('"idempotency_key_in_progress"')) {
          if (waited >= IN_PROGRESS_BUDGET_MS) {
            this.counters.failed.push(`409 in progress ${method} ${url}: gave up after ${waited} ms`);
            return null;
          }
          if (networkFailures === 0 && waited === 0) this.counters.retried++;
          const wait = 1000 * Number(res.headers.get('retry-after') ?? 1);
          waited += wait;
          await new Promise((r) => setTimeout(r, wait));
          continue;
        }
        if (res.status === 503 && res.headers.get('retry-after')) {
          this.counters.unavailable++;
          this.counters.failed.push(`503 retry-after ${method} ${url}`);
        } else if (res.status >= 500)
          this.counters.failed.push(`${res.status} ${method} ${url}: ${text.slice(0, 200)}`);
        return res.status === 200 || res.status === 201 ? JSON.parse(text) : null;
      }
    } finally {
      this.counters.slowestMs = Math.max(this.counters.slowestMs, performance.now() - started);
    }
  }
}
