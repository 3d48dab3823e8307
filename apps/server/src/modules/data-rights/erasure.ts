import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { audit } from '../audit/audit.repository.ts';

/**
 * Erasing an account. The `users` row is deleted last: every table that references it with
 * ON DELETE CASCADE loses the donor's rows (profile, ID extracts and photos, avatar, notifications,
 * sessions and tokens, consents, exports, feedback …), and `appointments` keeps its rows with
 * user_id set to null — anonymous counts of the campaigns.
 *
 * Tables added later are caught without a change here: before the delete, every foreign key to
 * `users` whose action is neither CASCADE nor SET NULL is read from the catalogue, and its rows are
 * set to null (nullable column) or deleted. What a foreign key cannot reach is handled by name:
 * the answers and free texts of the kept appointments, and contact messages sent from the
 * donor's addresses.
 */

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Foreign keys to users(id) whose ON DELETE would refuse the deletion (NO ACTION, RESTRICT, SET DEFAULT). */
export async function blockingUserReferences(
  db: Pick<Db, 'execute'>,
): Promise<{ table: string; column: string; nullable: boolean }[]> {
  const result = await db.execute(sql`
    select cl.relname as table_name, att.attname as column_name, not att.attnotnull as nullable
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_namespace ns on ns.oid = cl.relnamespace
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
    where con.contype = 'f'
      and con.confrelid = 'public.users'::regclass
      and ns.nspname = 'public'
      and con.confdeltype not in ('c', 'n')
    order by 1, 2`);
  return rowsOf<{ table_name: string; column_name: string; nullable: boolean }>(result).map((r) => ({
    table: r.table_name,
    column: r.column_name,
    nullable: r.nullable === true || (r.nullable as unknown) === 't',
  }));
}

export type ErasureResult = { email: string; username: string; appointmentsKept: number };

/**
 * Erases the account `userId` in one transaction (run by the deletion sweep once the grace period
 * is over). Returns what the goodbye mail needs, or undefined when the account is already gone.
 */
export async function eraseAccount(tx: Tx, userId: number, at: Date): Promise<ErasureResult | undefined> {
  const user = rowsOf<{ email: string; username: string; contact_email: string | null }>(
    await tx.execute(sql`
      select u.email, u.username, p.contact_email
      from users u left join donor_profiles p on p.user_id = u.id
      where u.id = ${userId}
      for update of u`),
  )[0];
  if (!user) return undefined;

  // Appointments stay as anonymous rows: their answers and every free text about the person go.
  await tx.execute(sql`
    delete from answers where appointment_id in (select id from appointments where user_id = ${userId})`);
  const kept = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update appointments
      set check_in_code = null, deferral_text = null, updated_at = ${at.toISOString()}::timestamptz
      where user_id = ${userId}
      returning id`),
  );

  // Messages sent through the contact form from the donor's addresses (no foreign key reaches them).
  const addresses = [user.email, user.contact_email]
    .filter((e): e is string => !!e)
    .map((e) => e.toLowerCase());
  for (const address of addresses) {
    await tx.execute(sql`delete from contact_messages where lower(email) = ${address}`);
  }

  for (const ref of await blockingUserReferences(tx)) {
    const table = sql.raw(quoteIdent(ref.table));
    const column = sql.raw(quoteIdent(ref.column));
    if (ref.nullable) await tx.execute(sql`update ${table} set ${column} = null where ${column} = ${userId}`);
    else await tx.execute(sql`delete from ${table} where ${column} = ${userId}`);
  }

  await tx.execute(sql`delete from users where id = ${userId}`);
  // The trail keeps that it happened, with ids only.
  await audit(tx, { id: userId, role: 'DONOR' }, 'account.erase', { type: 'user', id: userId }, at, {
    detail: { appointmentsKept: kept.length },
  });
  return { email: user.email, username: user.username, appointmentsKept: kept.length };
}
