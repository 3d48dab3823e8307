import { CERTIFICATE_API, DONOR_ADMIN_MESSAGES, type TAdminCertificate } from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, campaigns } from '../../db/schema/index.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

type Auth = Record<string, string>;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): a read and its audit row, no
// concurrency or locks.
describe.each(EMBEDDED_ONLY)("staff read of a donor's certificates on %s", (kind) => {
  let t: TestContext;
  let staff: Auth;
  let donor: Awaited<ReturnType<typeof createVerifiedDonor>>;
  let serials: string[];

  /** A DONE appointment of the donor, and the certificate the day desk would issue with it. */
  async function donation(nth: number, volumeMl: number, donatedAt: string) {
    const c = (await t.database.db.select({ id: campaigns.id }).from(campaigns).orderBy(campaigns.id))[nth];
    const [a] = await t.database.db
      .insert(appointments)
      .values({
        userId: donor.user.id,
        campaignId: c!.id,
        status: 'DONE',
        donationType: 'WHOLE_BLOOD',
        volumeMl,
        donatedAt: new Date(donatedAt),
        createdAt: t.clock.now(),
      })
      .returning({ id: appointments.id });
    const cert = await t.database.db.transaction((tx) => t.app.certificates.issueForDone(tx, a!.id));
    return cert!.serial;
  }

  const list = (userId: number, headers: Auth = staff) =>
    t.request({ method: 'GET', url: CERTIFICATE_API.adminForDonor(userId), headers });

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    donor = await createVerifiedDonor(t);
    serials = [
      await donation(0, 350, '2026-03-02T02:00:00Z'),
      await donation(1, 250, '2026-09-10T02:00:00Z'),
    ];
  });
  afterAll(() => t?.close());

  it('refuses the anonymous (401) and donors, even the owner (403)', async () => {
    expect(
      (await t.request({ method: 'GET', url: CERTIFICATE_API.adminForDonor(donor.user.id) })).status,
    ).toBe(401);
    expect((await list(donor.user.id, donor.auth)).status).toBe(403);
    const other = await createLoggedInUser(t);
    expect((await list(donor.user.id, other.auth)).status).toBe(403);
  });

  it('lists them newest first with what remains, the state and the uses; audited with the donor as subject', async () => {
    const used = await t.request({
      method: 'POST',
      url: CERTIFICATE_API.adminUses(serials[0]!),
      headers: staff,
      payload: { date: '2026-11-20', hospital: 'Bệnh viện Bạch Mai', volumeMl: 100 },
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const revoked = await t.request({
      method: 'POST',
      url: CERTIFICATE_API.adminRevoke(serials[1]!),
      headers: staff,
      payload: { reason: 'Ghi nhầm người hiến' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);

    const res = await list(donor.user.id, { ...staff, 'x-request-id': 'req-certificates-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data as TAdminCertificate[];
    expect(rows).toEqual([
      {
        serial: serials[1],
        donatedOn: '2026-09-10',
        volumeMl: 250,
        remainingMl: 250,
        state: 'REVOKED',
        revokeReason: 'Ghi nhầm người hiến',
        uses: [],
      },
      {
        serial: serials[0],
        donatedOn: '2026-03-02',
        volumeMl: 350,
        remainingMl: 250,
        state: 'VALID',
        revokeReason: null,
        uses: [{ usedOn: '2026-11-20', hospital: 'Bệnh viện Bạch Mai', volumeMl: 100 }],
      },
    ]);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificate.list'), eq(auditLog.subjectUserId, donor.user.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ targetType: 'user', targetId: donor.user.id, actorRole: 'STAFF' });
    expect(audits[0]!.requestId).toBeTruthy();
  });

  it('answers an empty list for a donor without certificates, 404 for no such account', async () => {
    const other = await createVerifiedDonor(t);
    const empty = await list(other.user.id);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual([]);
    const missing = await list(987_654);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(DONOR_ADMIN_MESSAGES.donorNotFound);
  });
});
