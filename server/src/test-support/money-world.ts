import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { REFERRAL_HOLD_DAYS } from '@common/constants/referrals';
import { findCatalogSpecialty } from '@common/constants/specialties';
import { NO_SHOW_AFTER_MINUTES, OUTCOME_HOLD_HOURS } from '@common/constants/visit-outcomes';
import { wallClock } from '@common/rules/zoned-time';
import { outcomeHolds, payments, users } from '../db/schema';
import { OUTCOME_RELEASE_EVERY_MS } from '../modules/disputes/release-job';
import { ensureScheduled } from '../modules/jobs/queue';
import { bookableDoctor } from './booking-fixtures';
import { simulatedCards, type CardKind, type Checkout, type WorldCards, type WorldRequests } from './money-world-cards';
import { sendStripeWebhook } from './stripe-test-app';
import { signedInUser, type TestContext } from './test-app';

/**
 * The world of the money property test (server/src/modules/ledger/money.property.test.ts): small
 * pools of people who use Medora only through its HTTP API, as a browser would, and the random
 * operations they perform. Operations name people, appointments and checkouts by small indexes
 * that are resolved against what exists when the step runs, so a generated sequence always means
 * something and the same few appointments are paid, cancelled and refunded from every side.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const PASSWORD = 'a long enough password';
const SPECIALTY = 'Cardiology';
/** Operations pick among the latest appointments, so they collide on the same few. */
const RECENT = 6;
const MAX_PATIENTS = 10;
const SLOTS = ['09:00 AM', '09:30 AM', '02:00 PM'];
/**
 * Video and voice visits are completed by their room, never by the doctor (decision 073): the
 * doctor's "complete" on them is refused, and in-person visits are the ones a doctor marks done.
 */
const TYPES = ['in-person', 'voice', 'in-person', 'voice', 'video'] as const;
const GOODWILL = [1, 500, 2500, 7000, 12000, 15000, 20000, 50000];
/**
 * A step never moves the app's clock further than this past where the run started (4 to 14 days
 * behind real time); the end of a run then moves it over the referral hold. Sessions are stamped
 * with real time and end after 90 idle days, so both together stay inside them.
 */
export const CLOCK_AHEAD_LIMIT = 70 * DAY;
const WEEK = 7 * DAY;
/** 1970-01-05, the first Monday of the epoch. */
const FIRST_MONDAY = 4 * DAY;

/**
 * Where a run's clock starts: `minutes` past midnight UTC of the Monday one to two weeks ago.
 * Doctors' hours follow the weekday and the time of day, so a start that followed the real date
 * made the same seed reach different paths on different days (a coverage check that failed on
 * one date and passed on the next).
 */
export function runStart(minutes: number, now = Date.now()): Date {
  const monday = Math.floor((now - WEEK - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
  return new Date(monday + minutes * MINUTE);
}

export type Op =
  | { kind: 'book'; patient: number; doctor: number; day: number; slot: number; type: number }
  | { kind: 'checkout'; appt: number; stray: boolean; wallet: boolean }
  | { kind: 'card'; appt: number; tab: number; declined: boolean; confirm: boolean }
  | { kind: 'confirm'; appt: number; tab: number }
  | { kind: 'pay'; appt: number; stray: boolean; wallet: boolean; refundFails: number }
  | { kind: 'twoTabs'; appt: number; firstWallet: boolean; secondWallet: boolean }
  | { kind: 'patientCancel'; appt: number; stray: boolean }
  | { kind: 'doctorCancel'; appt: number; stray: boolean }
  | { kind: 'adminRefund'; appt: number; stray: boolean; twice: boolean; which: 'kept' | 'done' | 'referred' }
  | { kind: 'reschedule'; appt: number; stray: boolean; day: number; slot: number }
  | { kind: 'propose'; appt: number; stray: boolean; day: number; slot: number }
  | { kind: 'answer'; appt: number; accept: boolean }
  | { kind: 'complete'; appt: number; stray: boolean }
  | { kind: 'noShow'; appt: number; stray: boolean }
  | { kind: 'dispute'; appt: number; stray: boolean }
  | { kind: 'resolveDispute'; index: number; refund: boolean }
  | { kind: 'payout'; doctor: number }
  | { kind: 'settlePayout'; payout: number; paid: boolean }
  | { kind: 'signUp'; referrer: number; person: number; variant: number; withCode: boolean }
  | { kind: 'invite'; referrer: number; person: number }
  | { kind: 'goodwill'; patient: number; amount: number }
  | { kind: 'deleteAccount'; patient: number; wrongPassword: boolean }
  | { kind: 'specialty'; patient: number; declined: boolean; wrongFee: boolean }
  | { kind: 'failedRefund'; index: number; resolve: boolean }
  | { kind: 'report'; patient: number; refundFails: boolean }
  | { kind: 'advance'; minutes: number }
  | { kind: 'release' }
  | { kind: 'outcomeWindow' }
  | { kind: 'race'; a: Op; b: Op };

const small = (max: number) => fc.integer({ min: 0, max });
const appt = small(RECENT - 1);
/** Now and then a person acts on an appointment in the wrong state (paid twice, cancelled after the visit…). */
const stray = small(4).map((v) => v === 0);

/** One operation a person could do right now; weights favour the money paths. */
const simpleOp: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 14,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      patient: small(MAX_PATIENTS - 1),
      doctor: small(1),
      day: small(6),
      slot: small(SLOTS.length - 1),
      type: small(TYPES.length - 1),
    }),
  },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('checkout' as const), appt, stray, wallet: fc.boolean() }) },
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constant('card' as const),
      appt,
      tab: small(2),
      declined: small(6).map((v) => v === 0),
      confirm: fc.boolean(),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('confirm' as const), appt, tab: small(2) }) },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      appt,
      stray,
      wallet: fc.boolean(),
      // A card whose refunds the processor refuses: the failed-refund path (decision 072). Half of
      // the tabs that also spend the wallet use one, so a partial refund (the wallet part back, the
      // card's refused) stays reachable beside the disputes' refunds.
      refundFails: small(3),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('failedRefund' as const), index: small(2), resolve: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      patient: small(MAX_PATIENTS - 1),
      refundFails: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('twoTabs' as const),
      appt,
      firstWallet: fc.boolean(),
      secondWallet: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('patientCancel' as const), appt, stray }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('doctorCancel' as const), appt, stray }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('adminRefund' as const),
      appt,
      stray,
      twice: fc.boolean(),
      which: fc.constantFrom(
        'kept' as const,
        'kept' as const,
        'done' as const,
        'referred' as const,
        'referred' as const,
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reschedule' as const),
      appt,
      stray,
      day: small(6),
      slot: small(SLOTS.length - 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('propose' as const),
      appt,
      stray,
      day: small(6),
      slot: small(SLOTS.length - 1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('answer' as const), appt, accept: fc.boolean() }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('complete' as const), appt, stray }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('noShow' as const), appt, stray }) },
  // The patient disputes what the doctor marked; an administrator decides (decision 073).
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('dispute' as const), appt, stray }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('resolveDispute' as const), index: small(2), refund: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('payout' as const), doctor: small(1) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('settlePayout' as const), payout: small(2), paid: fc.boolean() }),
  },
  // Referred joiners are what a reward needs: their first completed visit qualifies it, and most are
  // refunded or disputed within the hold. At 3 a run could end with no reward ever paid.
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('signUp' as const),
      referrer: small(MAX_PATIENTS - 1),
      person: small(7),
      variant: small(2),
      withCode: small(4).map((v) => v !== 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('invite' as const), referrer: small(MAX_PATIENTS - 1), person: small(7) }),
  },
  // "Connect with an expert": the specialty's published fee, matched to the best free doctor at payment.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('specialty' as const),
      patient: small(MAX_PATIENTS - 1),
      declined: small(5).map((v) => v === 0),
      wrongFee: small(7).map((v) => v === 0),
    }),
  },
  // A patient deletes their account: upcoming visits cancelled and refunded in full (card and
  // wallet parts), the wallet and the past payments kept for the accounts (decision 040).
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deleteAccount' as const),
      patient: small(MAX_PATIENTS - 1),
      wrongPassword: small(4).map((v) => v === 0),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('goodwill' as const),
      patient: small(MAX_PATIENTS - 1),
      amount: small(7),
    }),
  },
);

/** Moving the clock, alone: never inside a race. */
const timeOp: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      minutes: fc.constantFrom(30, 240, 12 * 60, 26 * 60, 3 * 24 * 60),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'release' as const }) },
  // The dispute window of every outcome marked so far passes, and the release sweep runs.
  { weight: 2, arbitrary: fc.constant({ kind: 'outcomeWindow' as const }) },
);

export const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  { weight: 88, arbitrary: simpleOp },
  { weight: 7, arbitrary: timeOp },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('race' as const), a: simpleOp, b: simpleOp }) },
);

type Person = { id: string; cookie: string };
type Doctor = Person & { doctorId: string };
type Tab = Checkout;
/**
 * What the people know of an appointment from the answers they got: its start, whether they were
 * told it is paid, done (the visit took place) or over (cancelled, refunded), whether a new time
 * was proposed. Only used to pick what to act on, never to judge the server.
 */
type Appointment = {
  id: string;
  patient: Person;
  doctor: Doctor;
  tabs: Tab[];
  startsAt: number;
  seen: 'unpaid' | 'paid' | 'done' | 'over';
  /** Marked done by the doctor (not a no-show). */
  completed: boolean;
  /** When the doctor marked it (done or a no-show): the patient's dispute window runs from here. */
  markedAt: number | null;
  disputed: boolean;
  proposed: boolean;
};
/**
 * unpaid: to pay; kept: paid or done; done: the visit took place; referred: … for someone who signed
 * up through a link (the farming an administrator looks for); visit: paid and started (for the
 * doctor to mark); late: paid and started long enough ago for a no-show; ahead: paid, more than a
 * day ahead (to cancel or move); proposed: a new time offered; held: marked by the doctor, in its
 * dispute window and not yet disputed.
 */
type Pick = 'unpaid' | 'kept' | 'done' | 'referred' | 'visit' | 'late' | 'ahead' | 'proposed' | 'held';

/** What one step did: the requests' outcomes and the appointments it touched, for the failure report. */
export type StepLog = { step: number; op: string; outcome: string[]; appointments: string[] };

export class ServerError extends Error {}

type Clock = { now(): Date; advance(ms: number): void };

export class MoneyWorld {
  readonly patients: (Person & { code?: string })[] = [];
  readonly doctors: Doctor[] = [];
  admin!: Person;
  private specialty!: { name: string; fee: number };
  readonly appointments: Appointment[] = [];
  readonly payouts: string[] = [];
  /** The people who signed up through someone's link. */
  private readonly referred = new Set<string>();
  /** Per request and answer, how often (e.g. `checkout wallet 409`). */
  readonly tally = new Map<string, number>();
  private outcome: string[] = [];
  private touched = new Set<string>();

  /** The world's requests as the card processor makes them (money-world-cards.ts). */
  private readonly req: WorldRequests = {
    call: (label, who, method, url, payload) => this.call(label, who, method, url, payload),
    webhook: async (label, type, object) => {
      const res = await sendStripeWebhook(this.t.app, type, object);
      this.record(label, res);
      if (res.statusCode >= 500) throw new ServerError(`${label}: the webhook answered ${res.statusCode}: ${res.body}`);
      return res;
    },
    note: (line) => {
      this.count(line);
      this.outcome.push(line);
    },
  };

  private readonly startedAt: number;

  constructor(
    private readonly t: TestContext,
    private readonly clock: Clock,
    readonly cards: WorldCards = simulatedCards,
  ) {
    this.startedAt = clock.now().getTime();
  }

  async setUp() {
    this.admin = await signedInUser(this.t.db, { userType: 'admin', firstName: 'Ada', lastName: 'Admin' }).then(
      ({ user, cookie }) => ({ id: user.id, cookie }),
    );
    // Outbreak reports for sale: the monitor filled from the bundled snapshot.
    await this.call('outbreak sync', this.admin, 'POST', '/api/outbreak/sync');
    for (let i = 0; i < 2; i++) {
      // The first sells its specialty's consultations at the published fee: pinned, since a
      // factory doctor's specialty follows how many doctors the worker made before.
      const { user, doctor, cookie } = await bookableDoctor(
        this.t.db,
        i === 0 ? { doctor: { specialty: SPECIALTY } } : {},
      );
      this.doctors.push({ id: user.id, doctorId: doctor.id, cookie });
      if (i === 0) {
        const entry = findCatalogSpecialty(doctor.specialty);
        if (!entry) throw new Error(`the pool doctor's specialty ${doctor.specialty} has no published fee`);
        this.specialty = { name: entry.name, fee: entry.avgConsultationFee };
      }
    }
    for (let i = 0; i < 4; i++) {
      const { user, cookie } = await signedInUser(this.t.db, {
        firstName: 'Pat',
        lastName: `Patient${i}`,
        password: PASSWORD,
      });
      this.patients.push({ id: user.id, cookie });
    }
    // The outcome release sweep is live, as a started worker makes it: every clock move that
    // reaches its next run releases the held outcomes whose 72 hours have passed.
    await ensureScheduled(
      this.t.db,
      'outcome_release',
      new Date(this.clock.now().getTime() + OUTCOME_RELEASE_EVERY_MS),
    );
  }

  /** Runs one operation; throws ServerError on any 5xx. */
  async run(op: Op): Promise<Omit<StepLog, 'step'>> {
    this.outcome = [];
    this.touched = new Set();
    await this.perform(op);
    return { op: describeOp(op), outcome: this.outcome, appointments: [...this.touched] };
  }

  /** The step that was cut short by a server error, as far as it got. */
  lastStep(step: number, op: Op): StepLog {
    return { step, op: describeOp(op), outcome: this.outcome, appointments: [...this.touched] };
  }

  private record(label: string, res: LightMyRequestResponse) {
    this.count(`${label} ${res.statusCode}`);
    this.outcome.push(`${label} ${res.statusCode}${res.statusCode >= 300 ? ` ${messageOf(res)}` : ''}`);
  }

  private count(key: string) {
    this.tally.set(key, (this.tally.get(key) ?? 0) + 1);
  }

  private async call(
    label: string,
    who: Person,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    const res = await this.t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
    this.record(label, res);
    if (res.statusCode >= 500)
      throw new ServerError(`${label}: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  }

  /**
   * One of the latest appointments, as its patient or doctor would pick it from their list: a
   * doctor marks visits that have started, a patient moves or cancels one more than a day ahead
   * and answers a proposal the doctor made. Status is left for the server to judge.
   */
  private recent(index: number, pick: Pick | null): Appointment | undefined {
    const now = this.clock.now().getTime();
    const fits = (a: Appointment) => {
      if (pick === 'unpaid') return a.seen === 'unpaid';
      if (pick === 'visit') return a.seen === 'paid' && a.startsAt <= now;
      if (pick === 'late') return a.seen === 'paid' && a.startsAt + NO_SHOW_AFTER_MINUTES * MINUTE <= now;
      if (pick === 'held')
        return a.seen === 'done' && !a.disputed && a.markedAt !== null && a.markedAt + OUTCOME_HOLD_HOURS * HOUR > now;
      if (pick === 'ahead') return a.seen === 'paid' && a.startsAt > now + DAY;
      if (pick === 'kept') return a.seen === 'paid' || a.seen === 'done';
      if (pick === 'done') return a.seen === 'done';
      if (pick === 'referred') return a.seen === 'done' && a.completed && this.referred.has(a.patient.id);
      return a.proposed;
    };
    const candidates = pick ? this.appointments.filter(fits) : this.appointments;
    const n = Math.min(candidates.length, RECENT);
    if (n === 0) {
      this.outcome.push(`no appointment (${pick})`);
      return undefined;
    }
    const chosen = candidates[candidates.length - 1 - (index % n)];
    this.touched.add(chosen.id);
    return chosen;
  }

  /** A new appointment the people now know of, nothing yet marked, disputed or proposed. */
  private track(known: Omit<Appointment, 'completed' | 'markedAt' | 'disputed' | 'proposed'>) {
    this.appointments.push({ ...known, completed: false, markedAt: null, disputed: false, proposed: false });
    this.touched.add(known.id);
  }

  /** A move or an accepted proposal answered with the appointment's new start. */
  private moved(a: Appointment, res: LightMyRequestResponse) {
    if (res.statusCode === 200) a.startsAt = Date.parse(res.json().startsAt as string);
  }

  /** Newest first, so people who just signed up through a link go on to book and pay. */
  private patient(index: number) {
    return this.patients[this.patients.length - 1 - (index % this.patients.length)];
  }

  /** A slot `day` days from now in the doctors' zone (both pool doctors are in New York). */
  private slot(day: number, slot: number) {
    const date = wallClock(new Date(this.clock.now().getTime() + day * DAY), 'America/New_York').date;
    return { appointmentDate: date, appointmentTime: SLOTS[slot] };
  }

  private async perform(op: Op): Promise<void> {
    switch (op.kind) {
      case 'book': {
        const patient = this.patient(op.patient);
        const doctor = this.doctors[op.doctor % this.doctors.length];
        const res = await this.call(`book`, patient, 'POST', '/api/appointments', {
          doctorId: doctor.doctorId,
          ...this.slot(op.day, op.slot),
          consultationType: TYPES[op.type],
          reasonForVisit: 'A cough that will not go away',
        });
        if (res.statusCode === 201) {
          const { id, startsAt } = res.json() as { id: string; startsAt: string };
          this.track({ id, patient, doctor, tabs: [], startsAt: Date.parse(startsAt), seen: 'unpaid' });
        }
        return;
      }
      case 'checkout': {
        const a = this.recent(op.appt, op.stray ? null : 'unpaid');
        if (a) await this.checkout(a, op.wallet);
        return;
      }
      case 'card': {
        const a = this.recent(op.appt, null);
        const tab = a && a.tabs[a.tabs.length - 1 - (op.tab % Math.max(a.tabs.length, 1))];
        if (!a || !tab) return void this.outcome.push('no checkout open');
        await this.card(a, tab, op.declined);
        if (op.confirm) await this.confirm(a, tab);
        return;
      }
      case 'confirm': {
        const a = this.recent(op.appt, null);
        const tab = a && a.tabs[a.tabs.length - 1 - (op.tab % Math.max(a.tabs.length, 1))];
        if (!a || !tab) return void this.outcome.push('no checkout open');
        await this.confirm(a, tab);
        return;
      }
      case 'pay': {
        // One tab, start to end: the wallet first when asked, the card for whatever is left.
        const a = this.recent(op.appt, op.stray ? null : 'unpaid');
        if (!a) return;
        const tab = await this.checkout(a, op.wallet);
        if (!tab) return;
        const refundFails = op.refundFails === 0 || (op.wallet && op.refundFails === 1);
        if ((await this.card(a, tab, false, refundFails)) === 200) await this.confirm(a, tab);
        return;
      }
      case 'twoTabs': {
        // Two tabs of one patient: a checkout opened here, another one paid there (the same
        // appointment, or another of theirs that spends the same wallet), then back to the first.
        const a = this.recent(op.appt, 'unpaid');
        if (!a) return;
        const first = await this.checkout(a, op.firstWallet);
        const other = this.appointments.findLast((b) => b !== a && b.patient === a.patient && b.seen === 'unpaid') ?? a;
        this.touched.add(other.id);
        const second = await this.checkout(other, op.secondWallet);
        if (second && (await this.card(other, second, false)) === 200) await this.confirm(other, second);
        if (first && (await this.card(a, first, false)) === 200) await this.confirm(a, first);
        return;
      }
      case 'patientCancel': {
        const a = this.recent(op.appt, op.stray ? null : 'ahead');
        if (!a) return;
        const res = await this.call('patient cancel', a.patient, 'PATCH', `/api/appointments/${a.id}`, {
          status: 'cancelled',
        });
        if (res.statusCode === 200) a.seen = 'over';
        return;
      }
      case 'doctorCancel': {
        const a = this.recent(op.appt, op.stray ? null : 'ahead');
        if (!a) return;
        const res = await this.call('doctor cancel', a.doctor, 'POST', `/api/doctor/appointments/${a.id}/cancel`, {
          reason: 'I have been called away, sorry.',
        });
        if (res.statusCode === 200) a.seen = 'over';
        return;
      }
      case 'adminRefund': {
        // The administrator refunds a paid appointment, before or after the visit.
        const a = this.recent(op.appt, op.stray ? null : op.which);
        if (!a) return;
        const [payment] = await this.t.db
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.appointmentId, a.id));
        if (!payment) return void this.outcome.push('no payment to refund');
        const url = `/api/admin/payments/${payment.id}/refund`;
        // A double click: two requests at once.
        const answers = await Promise.all(
          Array.from({ length: op.twice ? 2 : 1 }, () => this.call('admin refund', this.admin, 'POST', url)),
        );
        if (answers.some((res) => res.statusCode === 200)) a.seen = 'over';
        return;
      }
      case 'reschedule': {
        const a = this.recent(op.appt, op.stray ? null : 'ahead');
        if (!a) return;
        const res = await this.call(
          'reschedule',
          a.patient,
          'POST',
          `/api/appointments/${a.id}/reschedule`,
          this.slot(op.day, op.slot),
        );
        this.moved(a, res);
        return;
      }
      case 'propose': {
        const a = this.recent(op.appt, op.stray ? null : 'ahead');
        if (!a) return;
        const res = await this.call(
          'propose',
          a.doctor,
          'POST',
          `/api/doctor/appointments/${a.id}/proposals`,
          this.slot(op.day, op.slot),
        );
        if (res.statusCode === 201) a.proposed = true;
        return;
      }
      case 'answer': {
        const a = this.recent(op.appt, 'proposed');
        if (!a) return;
        const verb = op.accept ? 'accept' : 'decline';
        const res = await this.call(
          `proposal ${verb}`,
          a.patient,
          'POST',
          `/api/appointments/${a.id}/proposal/${verb}`,
        );
        if (res.statusCode === 200) a.proposed = false;
        if (op.accept) this.moved(a, res);
        return;
      }
      case 'complete':
      case 'noShow': {
        const a = this.recent(op.appt, op.stray ? null : op.kind === 'complete' ? 'visit' : 'late');
        if (!a) return;
        const path = op.kind === 'complete' ? 'complete' : 'no-show';
        const res = await this.call(path, a.doctor, 'POST', `/api/doctor/appointments/${a.id}/${path}`);
        if (res.statusCode === 200) {
          a.seen = 'done';
          a.completed = op.kind === 'complete';
          a.markedAt = this.clock.now().getTime();
        }
        return;
      }
      case 'dispute': {
        // Within the window, or (stray) a visit nothing was marked for, one disputed already, or late.
        const a = this.recent(op.appt, op.stray ? 'done' : 'held');
        if (!a) return;
        const res = await this.call('dispute', a.patient, 'POST', `/api/appointments/${a.id}/dispute`, {
          reason: 'I was in the waiting room the whole time.',
        });
        if (res.statusCode === 200) a.disputed = true;
        return;
      }
      case 'resolveDispute': {
        // The administrator works the open disputes, oldest first.
        const list = await this.call('disputes', this.admin, 'GET', '/api/admin/disputes');
        const items = list.json() as { id: string }[];
        if (items.length === 0) return void this.outcome.push('no open dispute');
        const id = items[op.index % items.length].id;
        this.touched.add(id);
        const res = await this.call(
          op.refund ? 'dispute refunded' : 'dispute released',
          this.admin,
          'POST',
          `/api/admin/disputes/${id}/resolve`,
          { outcome: op.refund ? 'refund' : 'release', note: 'Checked the room log.' },
        );
        const a = this.appointments.find((b) => b.id === id);
        if (a && res.statusCode === 200 && op.refund) a.seen = 'over';
        return;
      }
      case 'payout': {
        const doctor = this.doctors[op.doctor % this.doctors.length];
        const res = await this.call('payout request', doctor, 'POST', '/api/doctor/payouts', {
          bankAccountLast4: '4321',
        });
        if (res.statusCode === 201) this.payouts.push(res.json().id as string);
        return;
      }
      case 'settlePayout': {
        if (this.payouts.length === 0) return void this.outcome.push('no payout');
        const n = Math.min(this.payouts.length, 3);
        const id = this.payouts[this.payouts.length - 1 - (op.payout % n)];
        if (op.paid) await this.call('payout paid', this.admin, 'POST', `/api/admin/payouts/${id}/paid`);
        else
          await this.call('payout failed', this.admin, 'POST', `/api/admin/payouts/${id}/failed`, {
            reason: 'The bank refused the transfer.',
          });
        return;
      }
      case 'signUp': {
        const referrer = this.patient(op.referrer);
        const code = op.withCode ? await this.codeOf(referrer) : undefined;
        const res = await this.t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: {
            email: emailOf(op.person, op.variant),
            password: PASSWORD,
            firstName: 'New',
            lastName: `Joiner${op.person}`,
            userType: 'patient',
            referralCode: code,
          },
        });
        this.count(`sign up ${res.statusCode}`);
        this.outcome.push(`sign up ${res.statusCode}`);
        if (res.statusCode >= 500) throw new ServerError(`sign up answered ${res.statusCode}: ${res.body}`);
        if (res.statusCode !== 201) return;
        const id = res.json().user.id as string;
        const cookie = String(res.headers['set-cookie']).split(';')[0];
        // They follow the verification link at once (its own tests are in auth/account.test.ts):
        // an unconfirmed address may not book, pay or refer.
        await this.t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
        if (code) this.referred.add(id);
        const known = this.patients.find((p) => p.id === id);
        if (known) known.cookie = cookie;
        else if (this.patients.length < MAX_PATIENTS) this.patients.push({ id, cookie });
        return;
      }
      case 'invite': {
        const referrer = this.patient(op.referrer);
        await this.call('invite', referrer, 'POST', '/api/referrals', {
          referredEmail: emailOf(op.person, 0),
          referralType: 'patient',
        });
        return;
      }
      case 'specialty': {
        const patient = this.patient(op.patient);
        const fee = this.specialty.fee + (op.wrongFee ? 1 : 0);
        const res = await this.call('specialty checkout', patient, 'POST', '/api/payments/create-specialty-intent', {
          specialty: this.specialty.name,
          amount: fee,
        });
        if (res.statusCode !== 200) return;
        const tab = res.json() as Tab;
        const kind = op.declined ? 'declined' : 'good';
        const label = op.declined ? 'specialty card declined' : 'specialty card';
        if ((await this.cards.charge(this.req, patient, tab, kind, label)) !== 200) return;
        const confirmed = await this.cards.deliver(this.req, tab, () =>
          this.call('specialty confirm', patient, 'POST', '/api/payments/confirm', {
            paymentIntentId: tab.paymentIntentId,
          }),
        );
        // Confirmed by the webhook alone, the visit is made all the same; the patient only sees it later.
        if (confirmed?.statusCode !== 200) return;
        // The visit the payment matched is the patient's like any other: to cancel, mark or refund.
        const { id, doctorId, startsAt } = confirmed.json().appointment as {
          id: string;
          doctorId: string;
          startsAt: string;
        };
        const doctor = this.doctors.find((d) => d.doctorId === doctorId);
        if (!doctor) throw new Error(`a specialty payment matched a doctor outside the pool: ${doctorId}`);
        this.track({ id, patient, doctor, tabs: [tab], startsAt: Date.parse(startsAt), seen: 'paid' });
        return;
      }
      case 'deleteAccount': {
        // Someone must be left to book: the pool keeps two patients at least.
        if (this.patients.length <= 2) {
          this.outcome.push('no account to delete');
          return;
        }
        const patient = this.patient(op.patient);
        for (const a of this.appointments.filter((a) => a.patient.id === patient.id)) this.touched.add(a.id);
        const res = await this.call('delete account', patient, 'POST', '/api/patients/me/delete', {
          password: op.wrongPassword ? 'not the password' : PASSWORD,
        });
        if (res.statusCode !== 204) return;
        this.patients.splice(this.patients.indexOf(patient), 1);
        // Their upcoming visits are over; what has happened stays for the doctors to mark.
        const now = this.clock.now().getTime();
        for (const a of this.appointments)
          if (a.patient.id === patient.id && a.startsAt > now && a.seen !== 'done') a.seen = 'over';
        return;
      }
      case 'goodwill': {
        const patient = this.patient(op.patient);
        await this.call('goodwill', this.admin, 'POST', `/api/admin/users/${patient.id}/wallet-credits`, {
          amount: GOODWILL[op.amount % GOODWILL.length],
          reason: 'Sorry for the long wait last time.',
        });
        return;
      }
      case 'failedRefund': {
        // The administrator works the "Refunds that failed" queue, oldest first.
        const list = await this.call('failed refunds', this.admin, 'GET', '/api/admin/refunds/failed?pageSize=5');
        const items = list.json().items as { paymentId: string }[];
        if (items.length === 0) return void this.outcome.push('no failed refund');
        const id = items[op.index % items.length].paymentId;
        if (op.resolve) {
          await this.call('refund resolved', this.admin, 'POST', `/api/admin/refunds/${id}/resolve`, {
            note: 'Returned by bank transfer.',
          });
        } else await this.call('refund retried', this.admin, 'POST', `/api/admin/refunds/${id}/retry`);
        return;
      }
      case 'report': {
        // An outbreak report bought by card: a sale of the platform's own, never refunded.
        const patient = this.patient(op.patient);
        const intent = await this.call('report checkout', patient, 'POST', '/api/outbreak/pdf-report/payment', {
          reportType: 'summary',
          medicalProfessional: true,
          acceptOutOfDateData: true,
        });
        if (intent.statusCode !== 200) return;
        const tab = intent.json() as Tab;
        const kind = op.refundFails ? 'refundFails' : 'good';
        if ((await this.cards.charge(this.req, patient, tab, kind, 'report card')) !== 200) return;
        await this.cards.deliver(this.req, tab, () =>
          this.call('report confirm', patient, 'POST', '/api/outbreak/pdf-report/confirm', {
            paymentIntentId: tab.paymentIntentId,
          }),
        );
        return;
      }
      case 'advance':
        return this.advance(op.minutes * MINUTE);
      case 'release':
        return this.advance(REFERRAL_HOLD_DAYS * DAY + MINUTE);
      case 'outcomeWindow': {
        const before = await this.heldCount();
        await this.advance(OUTCOME_HOLD_HOURS * HOUR + OUTCOME_RELEASE_EVERY_MS);
        this.outcome.push(`held outcomes ${before} → ${await this.heldCount()}`);
        return;
      }
      case 'race': {
        // Two people at once: truly concurrent on PostgreSQL; PGlite runs one transaction at a time.
        await Promise.all([this.perform(op.a), this.perform(op.b)]);
        return;
      }
    }
  }

  private async checkout(a: Appointment, useWallet: boolean): Promise<Tab | undefined> {
    const res = await this.call(
      `checkout${useWallet ? ' wallet' : ''}`,
      a.patient,
      'POST',
      '/api/payments/create-intent',
      {
        appointmentId: a.id,
        useWallet,
      },
    );
    if (res.statusCode === 409) a.seen = /cancelled/.test(messageOf(res)) ? 'over' : 'paid';
    if (res.statusCode !== 200) return undefined;
    const reply = res.json() as { clientSecret: string; paymentIntentId: string; paidWithWallet: boolean };
    if (reply.paidWithWallet) {
      a.seen = 'paid';
      this.outcome.push('paid from the wallet');
      return undefined;
    }
    const tab = { clientSecret: reply.clientSecret, paymentIntentId: reply.paymentIntentId };
    a.tabs.push(tab);
    return tab;
  }

  /** The browser pays the checkout by card: the processor's answer, 200 when charged. */
  private card(a: Appointment, tab: Tab, declined: boolean, refundFails = false) {
    const kind: CardKind = declined ? 'declined' : refundFails ? 'refundFails' : 'good';
    const label = declined ? 'card declined' : refundFails ? 'card (refunds fail)' : 'card';
    return this.cards.charge(this.req, a.patient, tab, kind, label);
  }

  /** The browser comes back from paying (or, with Stripe, the webhook tells the app first or alone). */
  private async confirm(a: Appointment, tab: Tab) {
    const res = await this.cards.deliver(this.req, tab, () =>
      this.call('confirm', a.patient, 'POST', '/api/payments/confirm', { paymentIntentId: tab.paymentIntentId }),
    );
    if (res?.statusCode === 200 && a.seen === 'unpaid') a.seen = 'paid';
  }

  /** Outcomes still waiting out their dispute window. */
  private async heldCount() {
    return (
      await this.t.db
        .select({ id: outcomeHolds.appointmentId })
        .from(outcomeHolds)
        .where(eq(outcomeHolds.status, 'held'))
    ).length;
  }

  private async codeOf(person: Person & { code?: string }) {
    person.code ??= (await this.call('referral code', person, 'GET', '/api/referrals/summary')).json().referralCode;
    return person.code;
  }

  private async advance(ms: number, limit = CLOCK_AHEAD_LIMIT) {
    if (this.clock.now().getTime() + ms > this.startedAt + limit) {
      this.outcome.push('clock at its limit');
      return;
    }
    this.clock.advance(ms);
    const ran = await this.t.app.jobWorker.runDue();
    this.outcome.push(`clock ${this.clock.now().toISOString()}, ${ran} jobs ran`);
  }

  /**
   * The end of a run, as the processor's webhook would deliver it: every checkout a browser left
   * after its card was charged is confirmed, then every job that is due runs, then the clock moves
   * past the referral hold and the releases run.
   */
  async settle() {
    this.outcome = [];
    await this.cards.settle(
      this.req,
      this.appointments.flatMap((a) => a.tabs),
    );
    for (const a of this.appointments) {
      for (const tab of a.tabs) {
        const res = await this.t.app.inject({
          method: 'POST',
          url: '/api/payments/confirm',
          headers: { cookie: a.patient.cookie },
          payload: { paymentIntentId: tab.paymentIntentId },
        });
        if (res.statusCode >= 500) throw new ServerError(`settling confirm answered ${res.statusCode}: ${res.body}`);
      }
    }
    await this.t.app.jobWorker.runDue();
    // And the refund window passes: rewards still held go into the wallets.
    await this.advance(REFERRAL_HOLD_DAYS * DAY + MINUTE, CLOCK_AHEAD_LIMIT + REFERRAL_HOLD_DAYS * DAY + MINUTE);
  }
}

const emailOf = (person: number, variant: number) =>
  variant === 1
    ? `joiner${person}+again@example.com`
    : variant === 2
      ? `Joiner${person}@Example.com`
      : `joiner${person}@example.com`;

function messageOf(res: LightMyRequestResponse) {
  try {
    const message = (res.json() as { message?: string }).message;
    return message ? `(${message})` : '';
  } catch {
    return '';
  }
}

export function describeOp(op: Op): string {
  if (op.kind === 'race') return `race[${describeOp(op.a)} | ${describeOp(op.b)}]`;
  const { kind, ...rest } = op;
  const args = Object.entries(rest)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  return args ? `${kind} ${args}` : kind;
}
