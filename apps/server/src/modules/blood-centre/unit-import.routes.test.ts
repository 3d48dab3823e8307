import { ADMIN_UNITS_API, UNIT_EVENT_REFUSALS, UNIT_IMPORT_MESSAGES as M } from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, unitEvents } from '../../db/schema/index.ts';
import { createLoggedInUser, loginAdmin, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { multipart } from '../../../test/multipart.ts';
import { createApiKey, recordDonation, sendEvents, unitEvent } from '../../../test/units.ts';

type Auth = Record<string, string>;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): the file is read and its rows
// go through the path the API uses, whose SQL (idempotency, locks) unit-events.routes.test.ts
// runs on both databases.
describe.each(EMBEDDED_ONLY)('the CSV import of unit events on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;
  let admin: Auth;

  const upload = (content: string | Buffer, headers: Auth = staff, filename = 'su-kien.csv') => {
    const form = multipart([{ name: 'file', value: content, filename, type: 'text/csv' }]);
    return t.request({
      method: 'POST',
      url: ADMIN_UNITS_API.import,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    admin = { authorization: `Bearer ${(await loginAdmin(t)).accessToken}` };
  });
  afterAll(() => t?.close());

  it('staff only: 401 anonymous, 403 donor', async () => {
    expect((await upload('x', {})).status).toBe(401);
    expect((await upload('x', (await createLoggedInUser(t)).auth)).status).toBe(403);
  });

  it('reports each row by its line (the header is line 1): accepted, duplicated and refused with the reason; audited once', async () => {
    const donor = await createVerifiedDonor(t);
    const { appointmentId, unitNumber } = await recordDonation(t, donor.user.id);
    // Sent by the API first: the same event in the file is a duplicate, whichever way it came.
    const key = await createApiKey(t, admin);
    await sendEvents(t, key.auth, [unitEvent.processed(t, 'csv-p', unitNumber, ['RED_CELLS', 'PLASMA'])]);
    const at = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const csv = [
      // Columns in another order and case, with a BOM, as a spreadsheet saves them.
      '\uFEFFType,Event_ID,unit_number,at,blood_group,screening,components,hospital,issued_on,reason',
      `TESTED,csv-t,${unitNumber},${at},A+,NEGATIVE,,,,`,
      `PROCESSED,csv-p,${unitNumber},${at},,,PLASMA|RED_CELLS,,,`,
      // A broken row: no blood group.
      `TESTED,csv-broken,${unitNumber},${at},,NEGATIVE,,,,`,
      '',
      `ISSUED,csv-i,${unitNumber},${at},,,,"Bệnh viện Chợ Rẫy, TP. Hồ Chí Minh",${at.slice(0, 10)},`,
      `DISCARDED,csv-unknown,NOT-OURS-42,${at},,,,,,EXPIRED`,
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(M.report(2, 1, 2));
    expect(
      res.body.data.results.map(
        (r: { index: number; eventId: string; outcome: string; reason: string | null }) => [
          r.index,
          r.eventId,
          r.outcome,
          r.reason,
        ],
      ),
    ).toEqual([
      [2, 'csv-t', 'ACCEPTED', null],
      [3, 'csv-p', 'DUPLICATE', null],
      [4, 'csv-broken', 'REFUSED', 'INVALID'],
      [6, 'csv-i', 'ACCEPTED', null],
      [7, 'csv-unknown', 'REFUSED', 'UNKNOWN_UNIT'],
    ]);
    // The field at fault is named as the file names it.
    expect(res.body.data.results[2].message).toMatch(/^Sự kiện không hợp lệ — blood_group: /);
    expect(res.body.data.results[4].message).toBe(UNIT_EVENT_REFUSALS.UNKNOWN_UNIT);
    expect(res.body.data.unknownUnits).toEqual(['NOT-OURS-42']);

    const stored = await t.database.db
      .select()
      .from(unitEvents)
      .where(eq(unitEvents.appointmentId, appointmentId));
    expect(stored.map((e) => [e.eventId, e.source]).sort()).toEqual([
      ['csv-i', 'CSV'],
      ['csv-p', 'API'],
      ['csv-t', 'CSV'],
    ]);
    expect(stored.find((e) => e.eventId === 'csv-i')!.hospital).toBe('Bệnh viện Chợ Rẫy, TP. Hồ Chí Minh');
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unit-events.import'), eq(auditLog.actorRole, 'STAFF')));
    expect(rows.map((r) => r.detail)).toEqual([{ rows: 5, accepted: 2, duplicates: 1, refused: 2 }]);

    // The same file again: nothing new.
    const again = await upload(csv);
    expect(again.body.data).toMatchObject({ accepted: 0, duplicates: 3, refused: 2 });
  });

  it('a quoted cell over two lines counts both, so the next row keeps its line in the spreadsheet', async () => {
    const csv =
      'event_id,unit_number,type,at,reason\n' +
      '"multi\nline",NOPE-1,DISCARDED,2026-11-21T00:00:00Z,OTHER\n' +
      'next,NOPE-2,DISCARDED,2026-11-21T00:00:00Z,OTHER\n';
    const res = await upload(csv);
    expect(res.body.data.results.map((r: { index: number }) => r.index)).toEqual([2, 4]);
  });

  it('judges the file by its content: CSV text with a header row, the columns every event needs, at most 500 rows', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const content of [png, Buffer.from([0xff, 0xfe, 0x41, 0x00]), 'một dòng chữ bất kỳ\n1,2,3']) {
      const res = await upload(content, staff, 'su-kien.csv');
      expect([res.status, res.body.message]).toEqual([400, M.notCsv]);
    }
    const missing = await upload('event_id,type,blood_group\nx,TESTED,A+\n');
    expect([missing.status, missing.body.message]).toEqual([400, M.missingColumns('unit_number, at')]);
    const rows = Array.from({ length: 501 }, (_, i) => `e${i},NOPE-1,DISCARDED,2026-11-21T00:00:00Z,OTHER`);
    const tooMany = await upload(['event_id,unit_number,type,at,reason', ...rows].join('\n'));
    expect([tooMany.status, tooMany.body.message]).toEqual([400, M.tooManyRows]);
    const none = await t.request({ method: 'POST', url: ADMIN_UNITS_API.import, headers: staff });
    expect([none.status, none.body.message]).toEqual([400, M.fileRequired]);
  });
});
