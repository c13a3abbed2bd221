import { sql, type Kysely } from 'kysely'
import { isPostgres } from './schema-helpers'
import { up as createEightArgument } from './2026_11_24_18_e10_01_hold_cart_seats'

/**
 * seatwise_hold_cart_seats (migration 2026_11_24_18_e10_01) also answers the live holds on the
 * seats of p_row_seats (rows with o_outcome 'live': o_seat, o_cart the holding cart or null for
 * an order or a sale), read after its claim in the same statement: the cart's single-seat
 * warning (domain/seating/singles.ts) judged them with a read of its own, one more round trip per
 * hold (about a quarter of a rush hold's database calls; bench:load:cpu). The eight-argument
 * version is dropped: nothing calls it.
 */
const FUNCTION = `create or replace function seatwise_hold_cart_seats(
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
begin
  update seat_holds h set released_at = p_now
    where h.calendar_id = p_calendar and h.seat_id = any(p_seats) and h.state = 'cart' and h.released_at is null and h.expires_at <= p_now;
  if exists (select 1 from seat_holds h where h.calendar_id = p_calendar and h.seat_id = any(p_seats) and h.state = 'order'
      and h.released_at is null and h.expires_at <= p_now and h.order_id is not null) then
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
  return query select 'live'::text, case when h.state = 'cart' then h.cart_id end, null::boolean, null::integer, h.seat_id, null::integer, null::bigint
    from seat_holds h where h.calendar_id = p_calendar and h.seat_id = any(p_row_seats) and h.released_at is null
      and (h.expires_at is null or h.expires_at > p_now or exists (select 1 from orders o where o.id = h.order_id and o.paid = 1));
end $$`

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql.raw(FUNCTION).execute(db)
  await sql.raw('drop function if exists seatwise_hold_cart_seats(text, integer, bigint, bigint, integer, integer[], integer[], bigint)').execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql.raw('drop function if exists seatwise_hold_cart_seats(text, integer, bigint, bigint, integer, integer[], integer[], bigint, integer[])').execute(db)
  await createEightArgument(db)
}
