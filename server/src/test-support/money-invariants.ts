import { sql } from 'drizzle-orm';
import { WALLET_PROVIDER } from '@common/constants/wallet';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** One broken rule: which, about what (an appointment, a payment, an account…), and the numbers seen. */
export type MoneyViolation = { rule: string; subject: string; detail: string };

/**
 * Every money rule the product promises, checked in ONE statement so a property test can afford
 * it after every step (call installMoneyRules once per database first). Each branch of the UNION
 * lists what breaks one rule; no rows means the money is right. The rules:
 *
 * - the ledger: all entries, and every transfer, sum to zero;
 * - wallets: never negative; the balance equals its lines, their running totals and its ledger account;
 * - per appointment: at most one card charge kept (a succeeded intent not refunded in full), what
 *   the patient paid (card net of refunds, plus wallet net of refunds) never above the fee nor
 *   below zero; a cancelled appointment keeps nothing, a confirmed one its whole fee, a visit that
 *   took place its fee or nothing (refunded);
 * - per payment: the card refund never above the card part, the wallet refund never above what the
 *   wallet paid, the ledger never returns more to the card than it charged and agrees with the
 *   card processor;
 * - every card charge the processor holds belongs to exactly one payment (none is orphaned by a
 *   checkout replaced in another tab), and every kept payment's charge is really held;
 * - earnings: none kept for a cancelled appointment or a payment no longer kept, one kept for every
 *   kept payment; the doctors' ledger accounts equal their earnings; a payout equals its earnings;
 * - the platform's own accounts equal what they stand for (revenue is all split or returned; card
 *   refunds pending or failed; report sales; rewards, with what reversals could not take back);
 * - a card refund the processor refused leaves the money owed back (refunds_failed), not kept;
 * - referrals: a reward whose qualifying payment was refunded is reversed, a reward only follows a
 *   completed consultation, the wallet lines match each referral's state, one reward per person.
 * - outcomes a doctor marked (decision 073): while held or disputed the share stays pending and the
 *   payment kept; a release by the sweep comes only after the 72-hour window and leaves no share
 *   pending; a refunded outcome's payment is refunded and its share reversed.
 *
 * `settled`: the run has finished and every checkout was confirmed (as Stripe's webhook would), so
 * a charge the app has not been told about is itself a violation, and no appointment is excused
 * from "a cancelled appointment keeps nothing" because of one.
 */
export async function moneyViolations(db: Db, { settled = false } = {}): Promise<MoneyViolation[]> {
  const result = await db.execute(sql`select rule, subject, detail, after_webhook from money_rule_violations()`);
  const rows = rowsOf<MoneyViolation & { after_webhook: boolean }>(result);
  return rows
    .filter((r) => settled || !r.after_webhook)
    .map(({ rule, subject, detail }) => ({ rule, subject, detail }));
}

/**
 * Installs the rules as a function in the test's own database (once per database): PL/pgSQL keeps
 * the statement's plan, so checking after every step costs its execution only.
 */
export async function installMoneyRules(db: Db) {
  // Stripe's side of a Stripe-mode run: the fake processor's intents, copied in before each check
  // (mirrorProcessorIntents). A simulated run's processor lives in simulated_payment_intents.
  await db.execute(
    sql.raw(`create table if not exists processor_intents (id text primary key, amount integer not null,
      amount_refunded integer not null, status text not null, metadata text not null)`),
  );
  await db.execute(
    sql.raw(`create or replace function money_rule_violations()
      returns table (rule text, subject text, detail text, after_webhook boolean)
      language plpgsql stable as $rules$
      #variable_conflict use_column
      begin
        return query ${RULES};
      end $rules$`),
  );
}

const CARD_PART = `(case when p.provider = '${WALLET_PROVIDER}' then 0 else p.amount - p.wallet_amount end)`;

const RULES = `
    with
    ledger as (select account, sum(amount)::bigint as balance from ledger_entries group by account),
    intents as (
      select i.id, i.amount, i.amount_refunded, i.status,
        coalesce(i.metadata::jsonb ->> 'appointmentId',
          -- A specialty consultation's appointment is made when its payment is confirmed: only the
          -- payment names it.
          (select q.appointment_id::text from payments q where q.provider in ('simulated', 'stripe') and q.provider_intent_id = i.id))
          as appointment_id,
        i.metadata::jsonb ->> 'purpose' as purpose,
        (i.status = 'succeeded' and i.amount_refunded < i.amount) as kept
      from (select id, amount, amount_refunded, status, metadata from simulated_payment_intents
        union all select id, amount, amount_refunded, status, metadata from processor_intents) i
    ),
    card_net as (
      select appointment_id, sum(amount - amount_refunded)::bigint as net
      from intents where status = 'succeeded' group by appointment_id
    ),
    wallet_by_payment as (
      select payment_id,
        coalesce(-sum(amount) filter (where reason = 'payment'), 0)::bigint as debited,
        coalesce(sum(amount) filter (where reason = 'payment_refund'), 0)::bigint as returned
      from wallet_entries where payment_id is not null group by payment_id
    ),
    unannounced as (
      select distinct i.appointment_id
      from intents i join payments q on q.provider in ('simulated', 'stripe') and q.provider_intent_id = i.id
      where i.kept and q.status not in ('succeeded', 'refund_pending', 'refunded', 'refund_failed')
    ),
    paid as (
      select a.id, a.status, a.fee, p.id as payment_id, p.status as payment_status,
        coalesce(c.net, 0) + coalesce(w.debited - w.returned, 0)
          -- A failed refund resolved by hand went back outside the processor.
          - (case when p.refund_note is not null then p.refunded_amount else 0 end) as net,
        -- A card refund the processor refused: owed to the patient, held in refunds_failed.
        (case when p.status = 'refund_failed' then ${CARD_PART} else 0 end) as owed,
        (u.appointment_id is not null) as unannounced
      from appointments a
      left join card_net c on c.appointment_id = a.id::text
      left join payments p on p.appointment_id = a.id
      left join wallet_by_payment w on w.payment_id = p.id
      left join unannounced u on u.appointment_id = a.id::text
    ),
    card_ledger as (
      select payment_id, sum(amount)::bigint as card
      from ledger_entries where account like 'patient_card:%' and payment_id is not null group by payment_id
    ),
    doctor_money as (
      select d.id,
        coalesce((select sum(net_earnings) from earnings e
          where e.doctor_id = d.id and e.status in ('pending', 'available', 'in_payout')), 0)::bigint as owed,
        coalesce((select sum(net_earnings) from earnings e where e.doctor_id = d.id and e.status = 'paid'), 0)::bigint
          as paid_out,
        coalesce((select balance from ledger where account = 'doctor_payable:' || d.id), 0) as payable,
        coalesce((select balance from ledger where account = 'doctor_paid_out:' || d.id), 0) as paid_out_account
      from doctors d
    ),
    wallet_lines as (
      select reason, coalesce(sum(amount), 0)::bigint as total from wallet_entries group by reason
    ),
    account_of as (
      select name, coalesce((select balance from ledger where account = name), 0) as balance
      from unnest(array['platform_revenue', 'refunds_pending', 'refunds_failed', 'platform_fees', 'referral_rewards',
        'referral_shortfall', 'goodwill', 'report_revenue']) as name
    ),
    shortfall as (
      select coalesce(sum(r.reward_amount - coalesce((select -sum(w.amount) from wallet_entries w
        where w.referral_id = r.id and w.reason = 'referral_reversal'), 0)), 0)::bigint as total
      from referrals r where r.status = 'reversed' and r.rewarded_at is not null
    )

    select rule, subject, detail, false from (
    select 'the ledger sums to zero' as rule, 'ledger' as subject, sum(balance)::text as detail
      from ledger having coalesce(sum(balance), 0) <> 0
    union all
    select 'every transfer sums to zero', transfer_key, sum(amount)::text
      from ledger_entries group by transfer_key having sum(amount) <> 0
    union all
    select 'the running totals of the platform accounts equal their entries', coalesce(e.account, t.account) || ' ' || coalesce(e.kind, t.kind),
        coalesce(t.amount, 0) || ' kept vs ' || coalesce(e.amount, 0) || ' posted'
      from (select account, kind, sum(amount)::bigint as amount from ledger_entries
          where position(':' in account) = 0 group by account, kind) e
        full join (select account, kind, sum(amount)::bigint as amount from ledger_totals group by account, kind) t
          on t.account = e.account and t.kind = e.kind
      where coalesce(t.amount, 0) <> coalesce(e.amount, 0)
    union all
    select 'the running sum of each wallet account equals its entries', coalesce(e.account, s.account),
        coalesce(s.amount, 0) || ' kept vs ' || coalesce(e.amount, 0) || ' posted'
      from (select account, sum(amount)::bigint as amount from ledger_entries
          where account like 'patient_wallet:%' group by account) e
        full join wallet_ledger_sums s on s.account = e.account
      where coalesce(s.amount, 0) <> coalesce(e.amount, 0)

    union all
    select 'no wallet is negative', id::text, wallet_balance::text from users where wallet_balance < 0
    union all
    select 'a wallet equals the sum of its lines', u.id::text, u.wallet_balance || ' vs lines ' || coalesce(l.total, 0)
      from users u left join (select user_id, sum(amount)::bigint as total from wallet_entries group by user_id) l
        on l.user_id = u.id
      where u.wallet_balance <> coalesce(l.total, 0)
    union all
    select 'wallet lines are running totals', user_id::text, 'line ' || id || ': ' || balance_after || ' vs ' || running
      from (select id, user_id, balance_after, sum(amount) over (partition by user_id order by id) as running
        from wallet_entries) r
      where balance_after <> running or balance_after < 0
    union all
    select 'a wallet equals its ledger account', u.id::text, u.wallet_balance || ' vs ledger ' || coalesce(l.balance, 0)
      from users u left join ledger l on l.account = 'patient_wallet:' || u.id
      where u.wallet_balance <> coalesce(l.balance, 0)

    union all
    select 'nobody is charged twice for one appointment', appointment_id, count(*) || ' card charges kept'
      from intents where kept and appointment_id is not null group by appointment_id having count(*) > 1
    union all
    select 'an appointment never takes more than its fee', id::text, 'paid ' || net || ' of fee ' || fee
      from paid where net > fee
    union all
    select 'a refund never exceeds what was paid (appointment)', id::text, 'net paid ' || net
      from paid where net < 0
    union all
    select 'a confirmed appointment is paid in full', id::text, 'paid ' || net || ' of ' || fee || ', payment ' || coalesce(payment_status, '-')
      from paid where status = 'confirmed' and (net <> fee or payment_status is distinct from 'succeeded')
    union all
    select 'a visit that took place is paid in full or refunded in full', id::text,
        status || ': paid ' || net || ' of ' || fee || ', payment ' || coalesce(payment_status, '-')
      from paid where status in ('completed', 'no-show') and not (
        (net = fee and payment_status = 'succeeded')
        or (net - owed = 0 and payment_status in ('refund_pending', 'refunded', 'refund_failed')))

    union all
    select 'a card refund never exceeds the card part', p.id::text, p.refunded_amount || ' refunded of card part '
        || (case when p.provider = '${WALLET_PROVIDER}' then 0 else p.amount - p.wallet_amount end)
      from payments p
      where p.refunded_amount > (case when p.provider = '${WALLET_PROVIDER}' then 0 else p.amount - p.wallet_amount end)
        or p.refunded_amount < 0
    union all
    select 'a wallet refund never exceeds what the wallet paid', p.id::text,
        'wallet paid ' || w.debited || ' (part ' || p.wallet_amount || '), returned ' || w.returned
      from payments p join wallet_by_payment w on w.payment_id = p.id
      where w.returned > w.debited or w.debited > p.wallet_amount
    union all
    select 'the ledger never returns more to a card than it charged', payment_id::text, 'card account net ' || card
      from card_ledger where card > 0
    union all
    select 'the processor never refunds more than it charged', id, amount_refunded || ' of ' || amount
      from intents where amount_refunded > amount or amount_refunded < 0
    union all
    select 'the ledger agrees with the card processor', p.id::text,
        'ledger charged ' || -coalesce(c.card, 0) || ', processor kept ' || (i.amount - i.amount_refunded)
      from payments p join intents i on p.provider in ('simulated', 'stripe') and i.id = p.provider_intent_id
        left join card_ledger c on c.payment_id = p.id
      where p.status in ('succeeded', 'refunded') and p.refund_note is null
        and -coalesce(c.card, 0) <> i.amount - i.amount_refunded

    union all
    select 'every card charge belongs to exactly one payment', i.id, 'kept charge of ' || (i.amount - i.amount_refunded)
        || ' for appointment ' || coalesce(i.appointment_id, '-') || ' referenced by ' || count(p.id) || ' payments'
      from intents i left join payments p on p.provider in ('simulated', 'stripe') and p.provider_intent_id = i.id
      where i.kept and i.purpose is distinct from 'report'
      group by i.id, i.amount, i.amount_refunded, i.appointment_id having count(p.id) <> 1
    union all
    select 'a kept payment''s card charge is held', p.id::text, 'intent ' || coalesce(i.status, 'missing')
      from payments p left join intents i on i.id = p.provider_intent_id
      where p.provider in ('simulated', 'stripe') and p.status = 'succeeded' and p.amount > p.wallet_amount
        and (i.id is null or not i.kept or i.amount_refunded <> 0)

    union all
    select 'no earning is kept for a cancelled appointment', e.id::text, 'earning ' || e.status
      from earnings e join appointments a on a.id = e.appointment_id
      where e.status <> 'reversed' and a.status = 'cancelled'
    union all
    select 'an earning is kept only while its payment is', e.id::text, 'earning ' || e.status || ', payment '
        || coalesce(p.status, 'missing')
      from earnings e left join payments p on p.id = e.payment_id
      where e.status <> 'reversed' and p.status is distinct from 'succeeded'
    union all
    select 'a kept payment has its earning', p.id::text, 'no live earning'
      from payments p
      where p.purpose = 'appointment' and p.status = 'succeeded' and not exists (
        select 1 from earnings e where e.appointment_id = p.appointment_id and e.status <> 'reversed')
    union all
    select 'a doctor''s ledger accounts equal their earnings', id::text,
        'payable ' || payable || ' vs owed ' || owed || ', paid out ' || paid_out_account || ' vs ' || paid_out
      from doctor_money where payable <> owed or paid_out_account <> paid_out or payable < 0
    union all
    select 'a payout equals its earnings', o.id::text, o.status || ' payout of ' || o.amount || ': earnings '
        || coalesce(sum(e.net_earnings), 0) || ' (' || coalesce(string_agg(e.status, ','), '') || ')'
      from payouts o left join earnings e on e.payout_id = o.id
      group by o.id, o.status, o.amount
      having (o.status in ('pending', 'paid') and o.amount <> coalesce(sum(e.net_earnings), 0))
        or (o.status = 'failed' and count(e.id) > 0)
        or (o.status = 'paid' and bool_or(e.status <> 'paid'))
        or (o.status = 'pending' and bool_or(e.status <> 'in_payout'))

    union all
    select 'the platform''s accounts match what they stand for', a.name, a.balance || ' vs expected ' || x.expected
      from account_of a join (
        select 'platform_revenue' as name, 0::bigint as expected
        union all select 'refunds_pending', coalesce((select sum(case when provider = '${WALLET_PROVIDER}' then 0
          else amount - wallet_amount end) from payments where status = 'refund_pending'), 0)::bigint
        union all select 'refunds_failed', coalesce((select sum(case when provider = '${WALLET_PROVIDER}' then 0
          else amount - wallet_amount end) from payments where status = 'refund_failed'), 0)::bigint
        union all select 'report_revenue', coalesce((select sum(amount) from report_purchases where status = 'paid'), 0)::bigint
        union all select 'referral_shortfall', -(select total from shortfall)
        union all select 'platform_fees', coalesce((select sum(platform_commission) from earnings
          where status <> 'reversed'), 0)::bigint
        union all select 'referral_rewards', -coalesce((select sum(total) from wallet_lines
          where reason in ('referral_reward', 'referral_reversal')), 0)::bigint + (select total from shortfall)
        union all select 'goodwill', -coalesce((select total from wallet_lines where reason = 'goodwill_credit'), 0)::bigint
      ) x on x.name = a.name
      where a.balance <> x.expected

    union all
    select 'a reward whose qualifying payment was refunded is reversed', r.id::text,
        'referral ' || r.status || ', payment ' || p.status
      from referrals r join payments p on p.id = r.qualifying_payment_id
      where r.status in ('held', 'rewarded') and p.status in ('refund_pending', 'refunded', 'refund_failed')
    union all
    select 'a reward follows a completed consultation', r.id::text, 'referral ' || r.status || ', appointment '
        || coalesce(a.status, 'none')
      from referrals r left join payments p on p.id = r.qualifying_payment_id left join appointments a on a.id = p.appointment_id
      where r.status in ('held', 'rewarded') and a.status is distinct from 'completed'
    union all
    select 'a referral''s wallet lines match its state', r.id::text, 'referral ' || r.status || ': reward lines '
        || coalesce(w.rewards, 0) || ' (' || coalesce(w.rewarded, 0) || ' of ' || r.reward_amount || '), reversed '
        || coalesce(w.reversed, 0)
      from referrals r left join (
        select referral_id,
          count(*) filter (where reason = 'referral_reward') as rewards,
          coalesce(sum(amount) filter (where reason = 'referral_reward'), 0) as rewarded,
          coalesce(-sum(amount) filter (where reason = 'referral_reversal'), 0) as reversed
        from wallet_entries where referral_id is not null group by referral_id
      ) w on w.referral_id = r.id
      where (r.status = 'rewarded' and (coalesce(w.rewards, 0) <> 1 or w.rewarded <> r.reward_amount or w.reversed <> 0))
        or (r.status in ('pending', 'held') and coalesce(w.rewards, 0) + coalesce(w.reversed, 0) <> 0)
        or (r.status = 'reversed' and (coalesce(w.rewards, 0) > 1 or coalesce(w.reversed, 0) > coalesce(w.rewarded, 0)))
    union all
    select 'one reward per referred person', referred_user_id::text, count(*) || ' rewards'
      from referrals where rewarded_at is not null and status <> 'reversed' and referred_user_id is not null
      group by referred_user_id having count(*) > 1

    union all
    select 'a held outcome''s share is not payable', h.appointment_id::text,
        'hold ' || h.status || ', earning ' || coalesce(e.status, 'none') || ', payment ' || coalesce(p.status, 'none')
      from outcome_holds h left join earnings e on e.appointment_id = h.appointment_id
        left join payments p on p.appointment_id = h.appointment_id
      where h.status in ('held', 'disputed') and (e.status is distinct from 'pending' or p.status is distinct from 'succeeded')
    union all
    select 'a released outcome''s share was released', h.appointment_id::text, 'earning still ' || e.status
      from outcome_holds h join earnings e on e.appointment_id = h.appointment_id
      where h.status = 'released' and e.status = 'pending'
    union all
    select 'an undisputed outcome is released only after its window', h.appointment_id::text,
        'released at ' || h.resolved_at || ', window ends ' || h.release_at
      from outcome_holds h
      where h.status = 'released' and h.disputed_at is null and (h.resolved_at is null or h.resolved_at < h.release_at)
    union all
    select 'a refunded outcome''s payment is refunded', h.appointment_id::text,
        'payment ' || coalesce(p.status, 'none') || ', earning ' || coalesce(e.status, 'none')
      from outcome_holds h left join earnings e on e.appointment_id = h.appointment_id
        left join payments p on p.appointment_id = h.appointment_id
      where h.status = 'refunded' and (p.status is null or p.status not in ('refund_pending', 'refunded', 'refund_failed')
        or e.status is distinct from 'reversed')
    ) always
    -- A charge the browser never confirmed is applied (or refunded) when the webhook comes: until
    -- the run is settled, it excuses its appointment from keeping nothing.
    union all
    select 'a cancelled appointment keeps no money', id::text, 'keeps ' || net || ' (payment '
        || coalesce(payment_status, '-') || ', owed back ' || owed || ')', unannounced
      from paid where status = 'cancelled' and net - owed <> 0
    union all
    select 'a card charge the app was never told about', appointment_id, 'charged, never confirmed', true
      from unannounced
    union all
    select 'every report charge is one paid purchase', i.id, 'kept charge of ' || (i.amount - i.amount_refunded)
        || ', paid purchases ' || count(r.id), true
      from intents i left join report_purchases r
        on r.provider in ('simulated', 'stripe') and r.provider_intent_id = i.id and r.status = 'paid'
      where i.kept and i.purpose = 'report' group by i.id, i.amount, i.amount_refunded having count(r.id) <> 1
`;

/** Copies the fake Stripe's intents, with what each has had refunded, where the rules read them. */
export async function mirrorProcessorIntents(
  db: Db,
  intents: Iterable<{ id: string; amount: number; status: string; metadata: Record<string, string> }>,
  refunded: (id: string) => number,
) {
  const rows = [...intents].map((i) => ({
    id: i.id,
    amount: i.amount,
    amount_refunded: refunded(i.id),
    status: i.status,
    metadata: JSON.stringify(i.metadata),
  }));
  await db.execute(sql`delete from processor_intents`);
  if (rows.length === 0) return;
  await db.execute(sql`insert into processor_intents (id, amount, amount_refunded, status, metadata)
    select id, amount, amount_refunded, status, metadata
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id text, amount integer, amount_refunded integer, status text, metadata text)`);
}
