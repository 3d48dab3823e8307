import { ADMIN_DAY_DESK_API, DAY_DESK_MESSAGES } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, users } from '../../db/schema/index.ts';
import { loginStaff } from '../../../test/auth.ts';
import { createDayCampaign } from '../../../test/day-campaign.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

type Auth = Record<string, string>;

/** The check-in codes' alphabet (check-in-code.ts). */
const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

// Statement counts are the same on both databases: the embedded one is enough.
describe.each(EMBEDDED_ONLY)(
  "a check-in's and the day list's cost do not grow with the day's bookings (%s)",
  (kind) => {
    let t: TestContext;
    let staff: Auth;
    let campaignId: number;

    beforeAll(async () => {
      t = await createTestContext(kind);
      staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
      campaignId = await createDayCampaign(t, staff, {
        name: 'Ngày hội hiến máu đông người',
        from: '07:30',
        to: '11:30',
        targetBloodUnits: 1000,
      });
    });
    afterAll(() => t?.close());

    /** Adds `n` donors' bookings, written straight into the database, with codes of the real alphabet, `prefix` and then the index in it. */
    const addBookings = async (prefix: string, n: number) => {
      const codes = Array.from({ length: n }, (_, i) => {
        let tail = '';
        for (let k = i; tail.length < 10 - prefix.length; k = Math.floor(k / CODE_LETTERS.length))
          tail = CODE_LETTERS[k % CODE_LETTERS.length] + tail;
        return prefix + tail;
      });
      const donors = await t.database.db
        .insert(users)
        .values(
          codes.map((code) => ({
            username: `dong_${code.toLowerCase()}`,
            email: `dong_${code.toLowerCase()}@day.test`,
            passwordHash: 'x',
          })),
        )
        .returning({ id: users.id });
      await t.database.db.insert(appointments).values(
        codes.map((checkInCode, i) => ({
          userId: donors[i]!.id,
          campaignId,
          status: 'BOOKING',
          checkInCode,
        })),
      );
      return codes;
    };

    /** Sends a request, counting the statements it sends to the database and the rows they return. */
    const counted = async (request: Parameters<TestContext['request']>[0]) => {
      let statements = 0;
      let rows = 0;
      const stop = t.database.observeQueries((_seconds, _failed, n) => {
        statements++;
        rows += n;
      });
      try {
        const res = await t.request(request);
        return { res, statements, rows };
      } finally {
        stop();
      }
    };
    const checkInCounted = (code: string) =>
      counted({
        method: 'POST',
        url: ADMIN_DAY_DESK_API.checkIn,
        headers: staff,
        payload: { code, campaignId },
      });
    const listCounted = (query = '') =>
      counted({
        method: 'GET',
        url: `${ADMIN_DAY_DESK_API.campaignAppointments(campaignId)}${query}`,
        headers: staff,
      });

    it('sends the same statements, reading the same rows, for a day of 2 bookings as for a day of 802, and answers with the one row', async () => {
      const [small, other] = await addBookings('SMAL', 2);
      // A first request warms the caches (the session, the staff's permissions) out of the count.
      expect((await checkInCounted(other!)).res.status).toBe(200);

      const few = await checkInCounted(small!);
      expect(few.res.status).toBe(200);
      expect(few.res.body.message).toBe(DAY_DESK_MESSAGES.checkedIn);
      expect(few.res.body.data).toMatchObject({ campaignId, status: 'CHECKED_IN', alreadyCheckedIn: false });

      const [big] = await addBookings('BIGD', 800);
      const many = await checkInCounted(big!);
      expect(many.res.status).toBe(200);
      expect(many.res.body.data).toMatchObject({ campaignId, status: 'CHECKED_IN', alreadyCheckedIn: false });
      // The answer is one appointment, not the day's list.
      expect(Array.isArray(many.res.body.data)).toBe(false);
      expect(many.statements).toBe(few.statements);
      // Rows the database returned for it: the same few, never the day's 802.
      expect(many.rows).toBe(few.rows);
      expect(few.rows).toBeGreaterThan(0);
      expect(many.rows).toBeLessThan(20);

      // A second scan of the same code costs no more either (no update, no audit row).
      const again = await checkInCounted(big!);
      expect(again.res.body.data.alreadyCheckedIn).toBe(true);
      expect(again.statements).toBeLessThanOrEqual(many.statements);
    });

    it("answers a page of the day's list with the same statements and rows on a day of 802 bookings as on a day of 1,602", async () => {
      // The list's page of 50 and its counts: the statements of a page, the rows of a page and of
      // the day's slots (here all bookings have none: one group), never the day's bookings.
      const pageOf = (r: { res: { body: { data: { data: unknown[]; totalItems: number } } } }) =>
        r.res.body.data;
      // A first view of each page writes the staff's access-log rows; a view within the window
      // again writes none, so the second view of a page is the one compared.
      await listCounted('?page=3');
      const before = await listCounted('?page=3');
      expect(before.res.status).toBe(200);
      expect(pageOf(before).data).toHaveLength(50);
      const dayBefore = pageOf(before).totalItems;
      expect(dayBefore).toBe(802);

      await addBookings('MORE', 800);
      await listCounted('?page=3');
      const after = await listCounted('?page=3');
      expect(pageOf(after).totalItems).toBe(dayBefore + 800);
      expect(pageOf(after).data).toHaveLength(50);
      expect(after.statements).toBe(before.statements);
      expect(after.rows).toBe(before.rows);
      // A page (50), the groups, the campaign, the session: far below the day's bookings.
      expect(after.rows).toBeLessThan(200);
    });
  },
);
