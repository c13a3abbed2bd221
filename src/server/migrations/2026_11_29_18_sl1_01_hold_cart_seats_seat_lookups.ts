import { sql, type Kysely } from 'kysely'
import { isPostgres } from './schema-helpers'
import { up as createRowHoldsVersion } from './2026_11_25_18_e1_01_hold_cart_seats_row_holds'

/**
 * seatwise_hold_cart_seats (migration 2026_11_25_18_e1_01) read the seats asked and the seats of
 * their rows with `calendar_id = p_calendar and seat_id = any(p_seats)`. PostgreSQL 15's btree
 * planner builds an index path both with and without a `= any(array)` on an index's second column
 * and keeps the cheaper, and PL/pgSQL keeps each statement's generic plan for the connection's
 * life: a plan made while the session had few holds used seat_holds_live_uq with calendar_id
 * alone and filtered every live hold of the session, three times a hold. With auto_explain on the
 * server's own connections, 600 live holds on the session: 600 rows removed by filter in each of
 * the three statements, 0.8 of the function's 1.8 ms, growing with every seat sold (issue 18: a
 * claim's cost must not grow with the session's sales).
 *
 * Now no lookup depends on the planner choosing the array: the seats asked are read seat by seat
 * (a LATERAL subquery with both columns of seat_holds_live_uq equal and LIMIT 1, which the planner
 * cannot flatten into a scan of the session), once, for both the expired cart holds to release and
 * the unpaid orders past their reserve; the row's live holds are read as the range of seat ids
 * between the row's first and last (a range on the index's second column is always an index
 * condition), so they cost the holds in that range, not the session's. An order's paid flag is
 * read per hold by its primary key (a scalar subquery; the EXISTS it replaces could be planned as
 * a hash of every paid order). What the function answers and refuses is unchanged.
 */
export const FUNCTION = `create or replace function seatwise_hold_cart_seats(
  p_session text, p_calendar integer, p_now bigint, p_hold_ms bigint, p_limit integer,
  p_seats integer[], p_prices integer[], p_commit_by bigint, p_row_seats integer[])
returns table (o_outcome text, o_cart integer, o_fresh boolean, o_id integer, o_seat integer, o_price integer, o_expires bigint)
language plpgsql as $$
declare
  v_cart integer;
  v_fresh boolean;
  v_kept integer := 0;
  v_expires bigint;
  v_taken integer[];
  v_expired integer[];
  v_unsettled boolean;
  v_row_lo integer;
  v_row_hi integer;
begin
  select array_agg(l.id) filter (where l.state = 'cart' and l.expires_at <= p_now),
         coalesce(bool_or(l.state = 'order' and l.expires_at <= p_now and l.order_id is not null), false)
    into v_expired, v_unsettled
    from unnest(p_seats) as w(s) cross join lateral (
      select x.id, x.state, x.expires_at, x.order_id from seat_holds x
        where x.calendar_id = p_calendar and x.seat_id = w.s and x.released_at is null limit 1) l;
  if v_expired is not null then
    update seat_holds h set released_at = p_now
      where h.id = any(v_expired) and h.state = 'cart' and h.released_at is null and h.expires_at <= p_now;
  end if;
  if v_unsettled then
    return query select 'general'::text, null::integer, null::boolean, null::integer, null::integer, null::integer, null::bigint;
    return;
  end if;
  insert into carts (session_id, calendar_id, created_at, updated_at) values (p_session, p_calendar, p_now, p_now)
    on conflict (session_id, calendar_id) do update set updated_at = p_now
    returning id, (xmax = 0) into v_cart, v_fresh;
  if not v_fresh then
    if exists (select 1 from standing_holds s where s.cart_id = v_cart and s.state = 'cart' and s.released_at is null and s.expires_at > p_now)
      or exists (select 1 from seat_holds h where h.cart_id = v_cart and h.state = 'cart' and h.released_at is null and h.expires_at > p_now and h.seat_id = any(p_seats)) then
      return query select 'general'::text, null::integer, null::boolean, null::integer, null::integer, null::integer, null::bigint;
      return;
    end if;
    select count(*), min(h.expires_at) into v_kept, v_expires from seat_holds h
      where h.cart_id = v_cart and h.state = 'cart' and h.released_at is null and h.expires_at > p_now;
  end if;
  if v_kept + cardinality(p_seats) > p_limit then
    raise exception 'cart limit' using errcode = 'SWLIM', detail = (v_kept + cardinality(p_seats))::text;
  end if;
  v_expires := coalesce(v_expires, p_now + p_hold_ms);
  with ins as (
    insert into seat_holds (calendar_id, seat_id, cart_id, order_id, price_id, state, created_at, expires_at)
      select p_calendar, w.s, v_cart, null, w.p, 'cart', p_now, v_expires from unnest(p_seats, p_prices) as w(s, p) order by w.s
      on conflict (calendar_id, seat_id) where released_at is null do nothing
      returning seat_holds.seat_id)
  select array_agg(w.s order by w.s) into v_taken from unnest(p_seats) as w(s) where w.s not in (select ins.seat_id from ins);
  if v_taken is not null then
    raise exception 'seats taken' using errcode = 'SWTKN', detail = array_to_string(v_taken, ',');
  end if;
  if (extract(epoch from clock_timestamp()) * 1000)::bigint > p_commit_by then
    raise exception 'too late to commit' using errcode = 'SWBSY';
  end if;
  return query select 'held'::text, v_cart, v_fresh, h.id, h.seat_id, h.price_id, h.expires_at from seat_holds h
    where h.cart_id = v_cart and h.state = 'cart' and h.released_at is null and h.expires_at > p_now order by h.id;
  -- The live holds on p_row_seats (the rows of the seats asked), after this claim: what the
  -- cart's single-seat warning judges (seating/singles.ts, liveSeatHolds' rule of a live hold).
  select min(r), max(r) into v_row_lo, v_row_hi from unnest(p_row_seats) as r;
  return query select 'live'::text, case when h.state = 'cart' then h.cart_id end, null::boolean, null::integer, h.seat_id, null::integer, null::bigint
    from seat_holds h where h.calendar_id = p_calendar and h.seat_id between v_row_lo and v_row_hi and h.released_at is null
      and h.seat_id = any(p_row_seats)
      and (h.expires_at is null or h.expires_at > p_now or (select o.paid from orders o where o.id = h.order_id) = 1);
end $$`

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql.raw(FUNCTION).execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await createRowHoldsVersion(db)
}
