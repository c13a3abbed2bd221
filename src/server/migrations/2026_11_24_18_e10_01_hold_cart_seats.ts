import { sql, type Kysely } from 'kysely'
import { isPostgres } from './schema-helpers'

/**
 * One round trip for the on-sale rush's commonest call (issue 18): a visitor adds numbered seats
 * to his cart. The general path (domain/cart/service.ts) takes seven: begin, free expired holds
 * on the seats, open the cart, read its holds, claim, commit; each round trip costs the server
 * process about 0.6 ms of CPU (bench:load:cpu), more than the SQL. This function runs the same
 * steps as one statement, so PostgreSQL makes it all or nothing: a refusal raises, and the
 * statement's implicit transaction rolls every step back.
 *
 * The rules stay where they live: the stock rule of a claim is the live-hold unique index
 * (calendar_id, seat_id WHERE released_at IS NULL), which the insert meets exactly as
 * claimSeats does (inventory/holds.repository.ts: seat id order, so two claims wait on each
 * other only over a seat both want); expired cart holds on the seats are released first as
 * freeExpiredOnPg does. Anything the function does not judge answers 'general' before it writes
 * a hold, and the caller takes the general path: unpaid orders past their reserve on these
 * seats (to be cancelled), standing places in the cart, seats already in the cart (a price
 * change). Its refusals: SQLSTATE SWLIM (more tickets than p_limit; DETAIL the count), SWTKN
 * (seats someone holds; DETAIL their ids), SWBSY (past p_commit_by, epoch ms: the visitor may
 * have been told "busy" already). SQLite keeps the general path (one writer, in process).
 */
const FUNCTION = `create or replace function seatwise_hold_cart_seats(
  p_session text, p_calendar integer, p_now bigint, p_hold_ms bigint, p_limit integer,
  p_seats integer[], p_prices integer[], p_commit_by bigint)
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
end $$`

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql.raw(FUNCTION).execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql.raw('drop function if exists seatwise_hold_cart_seats(text, integer, bigint, bigint, integer, integer[], integer[], bigint)').execute(db)
}
