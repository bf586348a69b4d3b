import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { AVAILABILITY_ROWS, QUERY_MIX } from '../search/queries';
import type { SoakPeople } from './seed';
import type { Recorder } from './record';

/**
 * The soak's traffic: one request at a time is picked by weight, as patients, doctors and an admin
 * would spread over a day. Writes remember what the server acknowledged (record.ts), so the end of
 * the run can check that nothing acknowledged went missing.
 */
type Appointment = { id: string; patient: SoakPeople['patients'][number]; doctorId: string };
const CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' };
const SEARCHES = [...QUERY_MIX.map((m) => m.query), ...AVAILABILITY_ROWS.flatMap((row) => row.mix.map((m) => m.query))];
const ADMIN_LISTS = [
  '/api/admin/users',
  '/api/admin/payments',
  '/api/admin/jobs',
  '/api/admin/stats',
  '/api/admin/emails',
];

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export class Mix {
  private unpaid: Appointment[] = [];
  private confirmed: Appointment[] = [];
  private walletReady = new Set<string>();

  constructor(
    private readonly people: SoakPeople,
    private readonly rec: Recorder,
  ) {}

  /** Weights add up to 100: reads dominate, as they do in a marketplace. */
  readonly actions: [number, string, () => Promise<unknown>][] = [
    [26, 'search', () => this.search()],
    [4, 'featured', () => this.rec.call('featured', 'GET', '/api/doctors/featured')],
    [3, 'specialties', () => this.rec.call('specialties', 'GET', '/api/specialties')],
    [12, 'doctor page', () => this.rec.call('doctor page', 'GET', `/api/doctors/${pick(this.people.doctorIds)}`)],
    [
      3,
      'doctor reviews',
      () => this.rec.call('doctor reviews', 'GET', `/api/doctors/${pick(this.people.doctorIds)}/reviews`),
    ],
    [
      10,
      'availability',
      () => this.availability(pick(this.people.doctorIds), dateIn(2 + Math.floor(Math.random() * 40))),
    ],
    [6, 'my appointments (upcoming, past)', () => this.myAppointments()],
    [2, 'wallet', () => this.rec.call('wallet', 'GET', '/api/wallet', pick(this.people.patients).cookie)],
    [7, 'admin lists', () => this.rec.call('admin lists', 'GET', pick(ADMIN_LISTS), this.people.admin.cookie)],
    [9, 'book (availability, then book)', () => this.book()],
    [2, 'admin: wallet credit', () => this.creditWallet()],
    [7, 'pay by card (intent, card, confirm)', () => this.payByCard()],
    [3, 'pay from the wallet', () => this.payByWallet()],
    [3, 'reschedule (availability, then move)', () => this.reschedule()],
    [3, 'cancel', () => this.cancel()],
  ];
  private readonly total = this.actions.reduce((sum, [w]) => sum + w, 0);

  next(): Promise<unknown> {
    let roll = Math.random() * this.total;
    for (const [weight, , action] of this.actions) {
      roll -= weight;
      if (roll < 0) return action();
    }
    return this.actions[0][2]();
  }

  /** How many unpaid and confirmed appointments the writes can still act on. */
  stock() {
    return { unpaid: this.unpaid.length, confirmed: this.confirmed.length };
  }

  private search() {
    const query = new URLSearchParams(pick(SEARCHES)).toString();
    return this.rec.call('search', 'GET', `/api/doctors/search${query ? `?${query}` : ''}`);
  }

  private async availability(doctorId: string, date: string) {
    const res = await this.rec.call('availability', 'GET', `/api/doctors/${doctorId}/availability?date=${date}`);
    const slots = (res.body?.slots ?? []) as { label: string; available: boolean }[];
    return slots.filter((s) => s.available);
  }

  /** What My Appointments asks for on opening: the first page of each half. */
  private myAppointments() {
    const { cookie } = pick(this.people.patients);
    return Promise.all(
      (['upcoming', 'past'] as const).map((when) =>
        this.rec.call('my appointments', 'GET', `/api/patient/appointments?when=${when}&limit=20`, cookie),
      ),
    );
  }

  private async book() {
    const patient = pick(this.people.patients);
    const doctorId = pick(this.people.doctorIds);
    const date = dateIn(2 + Math.floor(Math.random() * 60));
    const free = await this.availability(doctorId, date);
    if (!free.length) return;
    const res = await this.rec.call('book', 'POST', '/api/appointments', patient.cookie, {
      doctorId,
      appointmentDate: date,
      appointmentTime: pick(free).label,
      consultationType: pick(['video', 'voice', 'in-person']),
      reasonForVisit: 'Soak test visit',
    });
    if (res.status !== 201) return;
    this.rec.acknowledged(res.body);
    this.unpaid.push({ id: res.body.id, patient, doctorId });
  }

  private takeUnpaid(): Appointment | undefined {
    return this.unpaid.splice(Math.floor(Math.random() * this.unpaid.length), 1)[0];
  }

  private async payByCard() {
    const appt = this.takeUnpaid();
    if (!appt) return this.search();
    const intent = await this.rec.call(
      'pay: intent',
      'POST',
      '/api/payments/create-intent',
      appt.patient.cookie,
      {
        appointmentId: appt.id,
      },
      appt.id,
    );
    if (intent.status !== 200) return;
    const card = await this.rec.call('pay: card', 'POST', '/api/payments/simulated/confirm-card', appt.patient.cookie, {
      clientSecret: intent.body.clientSecret,
      card: CARD,
    });
    if (card.status !== 200) return;
    await this.confirm(appt, intent.body.paymentIntentId);
  }

  private async confirm(appt: Appointment, paymentIntentId: string) {
    const res = await this.rec.call(
      'pay: confirm',
      'POST',
      '/api/payments/confirm',
      appt.patient.cookie,
      {
        paymentIntentId,
      },
      appt.id,
    );
    if (res.status !== 200) return;
    this.rec.acknowledged(res.body.appointment);
    this.confirmed.push(appt);
  }

  private async payByWallet() {
    const index = this.unpaid.findIndex((a) => this.walletReady.has(a.patient.id));
    if (index < 0) return this.payByCard();
    const [appt] = this.unpaid.splice(index, 1);
    this.walletReady.delete(appt.patient.id);
    const intent = await this.rec.call(
      'pay: wallet',
      'POST',
      '/api/payments/create-intent',
      appt.patient.cookie,
      {
        appointmentId: appt.id,
        useWallet: true,
      },
      appt.id,
    );
    if (intent.status !== 200) return;
    if (intent.body.paidWithWallet) {
      const view = await this.rec.call('appointment', 'GET', `/api/appointments/${appt.id}`, appt.patient.cookie);
      if (view.status === 200) this.rec.acknowledged(view.body);
      this.confirmed.push(appt);
      return;
    }
    const card = await this.rec.call('pay: card', 'POST', '/api/payments/simulated/confirm-card', appt.patient.cookie, {
      clientSecret: intent.body.clientSecret,
      card: CARD,
    });
    if (card.status === 200) await this.confirm(appt, intent.body.paymentIntentId);
  }

  /** Credits the wallets of the patients of the unpaid appointments, so each can pay from it. */
  async fillWallets() {
    for (const appt of this.unpaid) await this.creditWallet(appt.patient);
  }

  private async creditWallet(patient = pick(this.people.patients)) {
    const res = await this.rec.call(
      'admin: wallet credit',
      'POST',
      `/api/admin/users/${patient.id}/wallet-credits`,
      this.people.admin.cookie,
      { amount: 50_000, reason: 'Soak test goodwill credit' },
    );
    if (res.status === 200) this.walletReady.add(patient.id);
  }

  /** Patients cancel confirmed visits (an unpaid hold just lapses). */
  private async cancel() {
    const appt = this.confirmed.splice(Math.floor(Math.random() * this.confirmed.length), 1)[0];
    if (!appt) return this.search();
    const res = await this.rec.call(
      'cancel',
      'PATCH',
      `/api/appointments/${appt.id}`,
      appt.patient.cookie,
      {
        status: 'cancelled',
      },
      appt.id,
    );
    if (res.status === 200) this.rec.acknowledged(res.body.appointment ?? res.body);
  }

  private async reschedule() {
    const appt = pick(this.confirmed);
    if (!appt) return this.search();
    const date = dateIn(3 + Math.floor(Math.random() * 60));
    const free = await this.availability(appt.doctorId, date);
    if (!free.length) return;
    const res = await this.rec.call(
      'reschedule',
      'POST',
      `/api/appointments/${appt.id}/reschedule`,
      appt.patient.cookie,
      {
        appointmentDate: date,
        appointmentTime: pick(free).label,
      },
      appt.id,
    );
    if (res.status === 200) this.rec.acknowledged(res.body.appointment ?? res.body);
  }
}

/** Two sockets per live room; a message counts as acknowledged when the sender's own copy returns. */
export class ChatRooms {
  private sockets: { ws: WebSocket; room: string; side: number }[][] = [];
  private waiting = new Map<string, number>();

  constructor(
    private readonly wsUrl: string,
    private readonly rooms: SoakPeople['rooms'],
    private readonly rec: Recorder,
  ) {}

  async open() {
    for (let i = 0; i < this.rooms.length; i += 25) {
      const batch = this.rooms.slice(i, i + 25);
      this.sockets.push(
        ...(await Promise.all(
          batch.map(async (room) => [
            { ws: await this.connect(room.patientCookie, room.id), room: room.id, side: 0 },
            { ws: await this.connect(room.doctorCookie, room.id), room: room.id, side: 1 },
          ]),
        )),
      );
    }
  }

  private connect(cookie: string, consultationId: string): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.wsUrl, { headers: { cookie }, perMessageDeflate: false });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'join_consultation', consultationId, lastMessageId: 0 })));
      ws.on('message', (raw) => {
        const msg = JSON.parse(raw.toString()) as { type: string; clientMessageId?: string; code?: string };
        if (msg.type === 'history') resolve(ws);
        if (msg.type === 'error') this.rec.socketError(msg.code ?? 'unknown');
        if (msg.type !== 'message' || !msg.clientMessageId) return;
        const sentAt = this.waiting.get(msg.clientMessageId);
        if (sentAt === undefined) return;
        this.waiting.delete(msg.clientMessageId);
        this.rec.chatAcknowledged(consultationId, msg.clientMessageId, performance.now() - sentAt);
      });
      ws.once('error', reject);
      ws.once('close', () => this.rec.socketClosed());
    });
  }

  send() {
    const pair = pick(this.sockets);
    const sock = pair[Math.floor(Math.random() * 2)];
    const clientMessageId = randomUUID();
    this.waiting.set(clientMessageId, performance.now());
    this.rec.chatSent();
    sock.ws.send(
      JSON.stringify({ type: 'send_message', consultationId: sock.room, message: 'Soak message', clientMessageId }),
    );
  }

  /** Messages never acknowledged after the run's grace period. */
  unacknowledged() {
    return this.waiting.size;
  }

  close() {
    for (const pair of this.sockets) for (const s of pair) s.ws.terminate();
  }
}
