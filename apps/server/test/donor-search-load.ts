import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { donorProfiles } from '../src/db/schema/index.ts';

/**
 * `count` donors made straight in the database (accounts, verified profiles, name words), for the
 * search at a chapter's scale: the donor-search scale test and `npm run bench`. Names mix five
 * family names, five middle names and ten given names with diacritics, plus the account id;
 * phones are '09' and the id on 8 digits; ID numbers are the id times 7919 on 12 digits.
 */
export async function seedSearchDonors(db: Db, count: number): Promise<void> {
  // The trigger that keeps the name words is tested on its own: one statement for all is quicker.
  await db.execute(sql`alter table donor_profiles disable trigger donor_profiles_name_words`);
  await db.execute(sql`
    insert into users (username, email, password_hash, role, email_verified_at)
    select 'donor' || i, 'donor' || i || '@example.vn', 'x', 'DONOR', now() from generate_series(1, ${count}) i`);
  await db.execute(sql`
    insert into donor_profiles (user_id, status, full_name, mobile, card_id)
    select u.id, 'EXTRACTED',
      (array['Nguyễn','Trần','Lê','Phạm','Hoàng'])[1 + u.id % 5] || ' ' ||
      (array['Văn','Thị','Đức','Minh','Ngọc'])[1 + (u.id / 5) % 5] || ' ' ||
      (array['An','Bình','Hùng','Lan','Mai','Nam','Phúc','Quân','Thu','Yến'])[1 + (u.id / 25) % 10] || ' ' || u.id,
      '09' || lpad(u.id::text, 8, '0'), lpad((u.id * 7919)::text, 12, '0')
    from users u where u.role = 'DONOR'`);
  // The name words in slices of 10,000 donors: one statement for all folds 100,000 names and can
  // outlast the connection's 15-s statement timeout on a loaded machine.
  const [bounds] = await db
    .select({
      lo: sql<number>`coalesce(min(user_id), 0)::int`,
      hi: sql<number>`coalesce(max(user_id), -1)::int`,
    })
    .from(donorProfiles);
  const { lo, hi } = bounds!;
  for (let from = lo; from <= hi; from += 10_000) {
    await db.execute(sql`
      insert into donor_name_words (user_id, word)
      select distinct p.user_id, w from donor_profiles p, regexp_split_to_table(vn_fold(p.full_name), '[^a-z0-9]+') w
      where w <> '' and p.user_id >= ${from} and p.user_id < ${from + 10_000}`);
  }
  await db.execute(sql`alter table donor_profiles enable trigger donor_profiles_name_words`);
  await db.execute(sql`analyze`);
}

/** One search of each form staff use, for those donors. */
export const SEARCH_FORMS = {
  'a word of the name, no accents': 'hung',
  'several words, accents and case as typed': 'Văn Hùng 12',
  'the beginning of a word': 'nguy',
  "a phone's beginning": '0900001',
  "a phone's end": '12345',
  'an e-mail address': 'donor4242@',
  'the whole ID number': '000000079190',
  'the last 4 digits with a word of the name': '9190 an',
} as const;
