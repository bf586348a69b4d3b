import pg from 'pg';
import { percentile } from '../chat/stats';
import { HttpClient } from './http-client';

type RouteStats = {
  count: number;
  byStatus: Map<string, number>;
  latencies: number[];
  window: number[][];
  write: boolean;
};

/** The slowest route of one kind in one sample period, by its p99. */
export type WorstRoute = { route: string; p99: number } | null;

/**
 * The load generator's own record: every request's outcome and latency by route, and the last
 * state the server acknowledged for every appointment and chat message it wrote. `verify` holds
 * that record against the database at the end.
 */
export class Recorder {
  readonly routes = new Map<string, RouteStats>();
  private appointments = new Map<string, { status: string; startsAt: string }>();
  /** An appointment whose last write got no answer: its state is unknown, not lost. */
  private uncertain = new Set<string>();
  private chat = new Map<string, string>();
  chatSentCount = 0;
  chatLatencies: number[] = [];
  socketErrors = 0;
  socketsClosed = 0;
  /** Per-minute buckets, so p99 can be compared between the first and the last minutes. */
  minute = 0;

  private readonly http: HttpClient;

  constructor(base: string, timeoutMs = 10_000) {
    this.http = new HttpClient(base, timeoutMs);
  }

  close() {
    this.http.close();
  }

  private stats(route: string, method: string) {
    let s = this.routes.get(route);
    if (!s) this.routes.set(route, (s = { count: 0, byStatus: new Map(), latencies: [], window: [], write: false }));
    if (method !== 'GET') s.write = true;
    return s;
  }

  /** Of the requests answered in sample period `period` (1-based), the read and the write route with the highest p99. */
  worstInPeriod(period: number): { read: WorstRoute; write: WorstRoute } {
    const worst = { read: null as WorstRoute, write: null as WorstRoute };
    for (const [route, s] of this.routes) {
      const answered = [...(s.window[period - 1] ?? [])].sort((a, b) => a - b);
      if (answered.length === 0) continue;
      const p99 = percentile(answered, 99);
      const kind = s.write ? 'write' : 'read';
      if (!worst[kind] || p99 > worst[kind].p99) worst[kind] = { route, p99 };
    }
    return worst;
  }

  /** Examples of each refusal, so a 4xx in the table can be told apart from a bug. */
  readonly refusals = new Map<string, string>();

  /** `subject`: the appointment a write is about; a write without an answer leaves it uncertain. */
  async call(route: string, method: string, url: string, cookie?: string, body?: unknown, subject?: string) {
    const s = this.stats(route, method);
    const started = performance.now();
    let status = 'network';
    // The replies of a dozen routes, read loosely: the mix checks the few fields it needs.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let parsed: any = null;
    try {
      const res = await this.http.request(
        method,
        url,
        { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body ? JSON.stringify(body) : undefined,
      );
      status = String(res.status);
      const text = res.text;
      parsed = text && res.contentType.includes('json') ? JSON.parse(text) : null;
      if (res.status >= 400 && !this.refusals.has(`${route} ${status}`))
        this.refusals.set(`${route} ${status}`, String(parsed?.message ?? text).slice(0, 160));
      if (res.status >= 500 && subject) this.uncertain.add(subject);
      return { status: res.status, body: parsed };
    } catch (error) {
      status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
      if (subject) this.uncertain.add(subject);
      return { status: 0, body: null };
    } finally {
      const ms = performance.now() - started;
      s.count++;
      s.byStatus.set(status, (s.byStatus.get(status) ?? 0) + 1);
      s.latencies.push(ms);
      (s.window[this.minute] ??= []).push(ms);
    }
  }

  acknowledged(appointment: { id?: string; status?: string; startsAt?: string } | null) {
    if (!appointment?.id || !appointment.status || !appointment.startsAt) return;
    this.appointments.set(appointment.id, { status: appointment.status, startsAt: appointment.startsAt });
    this.uncertain.delete(appointment.id);
  }

  chatSent() {
    this.chatSentCount++;
  }
  chatAcknowledged(room: string, clientMessageId: string, ms: number) {
    this.chat.set(clientMessageId, room);
    this.chatLatencies.push(ms);
  }
  /** Error frames by their code ("ended", "rate_limited"…): the soak's table names them. */
  readonly socketErrorCodes = new Map<string, number>();
  socketError(code: string) {
    this.socketErrors++;
    this.socketErrorCodes.set(code, (this.socketErrorCodes.get(code) ?? 0) + 1);
  }
  socketClosed() {
    this.socketsClosed++;
  }

  get requestCount() {
    let n = 0;
    for (const s of this.routes.values()) n += s.count;
    return n;
  }

  /** 5xx, timeouts and refused connections: what a user would see as the service failing. */
  failures() {
    let n = 0;
    for (const s of this.routes.values())
      for (const [status, count] of s.byStatus) if (!/^[234]/.test(status)) n += count;
    return n;
  }

  /** Acknowledged writes the database does not hold as acknowledged. */
  async verify(databaseUrl: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const ids = [...this.appointments.keys()].filter((id) => !this.uncertain.has(id));
      const rows = ids.length
        ? (
            await client.query<{ id: string; status: string; starts_at: Date; paid: boolean }>(
              `select a.id, a.status, a.starts_at,
                 exists (select 1 from payments p where p.appointment_id = a.id and p.status in ('succeeded', 'refund_pending', 'refunded')) as paid
               from appointments a where a.id = any($1::uuid[])`,
              [ids],
            )
          ).rows
        : [];
      const found = new Map(rows.map((r) => [r.id, r]));
      const lost: string[] = [];
      for (const id of ids) {
        const want = this.appointments.get(id)!;
        const row = found.get(id);
        if (!row) lost.push(`${id}: missing`);
        else if (row.status !== want.status && !(want.status === 'pending' && row.status === 'cancelled'))
          lost.push(`${id}: ${row.status}, acknowledged ${want.status}`);
        else if (row.status !== 'cancelled' && row.starts_at.toISOString() !== new Date(want.startsAt).toISOString())
          lost.push(`${id}: starts ${row.starts_at.toISOString()}, acknowledged ${want.startsAt}`);
        else if (want.status === 'confirmed' && !row.paid) lost.push(`${id}: confirmed without its payment`);
      }
      const messageIds = [...this.chat.keys()];
      const stored = messageIds.length
        ? (
            await client.query<{ client_message_id: string; consultation_id: string }>(
              'select client_message_id, consultation_id from chat_messages where client_message_id = any($1::uuid[])',
              [messageIds],
            )
          ).rows
        : [];
      const inRoom = new Map(stored.map((r) => [r.client_message_id, r.consultation_id]));
      for (const [id, room] of this.chat) if (inRoom.get(id) !== room) lost.push(`chat message ${id}: not in its room`);
      return {
        appointmentsChecked: ids.length,
        uncertain: this.uncertain.size,
        messagesChecked: messageIds.length,
        lost,
      };
    } finally {
      await client.end();
    }
  }

  routeTable(firstMinutes: number, lastMinutes: number) {
    const p99Of = (s: RouteStats, from: number, to: number) => {
      const all = s.window
        .slice(from, to)
        .flat()
        .sort((a, b) => a - b);
      return percentile(all, 99);
    };
    // window[k] holds what was answered in the (k+1)-th sample period; window[periods], what was
    // answered while the load drained after the last sample (counted with the last periods).
    const periods = this.minute;
    return [...this.routes.entries()]
      .sort((a, b) => b[1].count - a[1].count)
      .map(([route, s]) => {
        const sorted = [...s.latencies].sort((a, b) => a - b);
        const statuses = [...s.byStatus.entries()]
          .sort()
          .map(([k, v]) => `${k}:${v}`)
          .join(' ');
        return {
          route,
          count: s.count,
          statuses,
          failed: [...s.byStatus].filter(([k]) => !/^[234]/.test(k)).reduce((n, [, v]) => n + v, 0),
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          p99First: p99Of(s, 0, firstMinutes),
          p99Last: p99Of(s, Math.max(0, periods - lastMinutes), periods + 1),
        };
      });
  }
}
