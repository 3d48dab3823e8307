import {
  ADMIN_INBOX_API,
  API,
  INBOX_MESSAGES,
  ZInboxItemResponse,
  ZInboxListResponse,
} from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFeedback, auditLog, inboxReplies } from '../../db/schema/index.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { listCampaigns, registerForCampaign } from '../../../test/notifications.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { replySubject } from './inbox.service.ts';

type Auth = Record<string, string>;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('staff console: inboxes on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let staff: Auth;
  let staffId: number;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    const me = await t.request({ method: 'GET', url: API.authMe, headers: staff });
    staffId = me.body.data.id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const list = async (k: 'contact' | 'feedback', status: 'NEW' | 'HANDLED' = 'NEW', auth = staff) => {
    const res = await t.request({
      method: 'GET',
      url: ADMIN_INBOX_API.inbox(k),
      query: { status },
      headers: auth,
    });
    expect(res.status).toBe(200);
    return ZInboxListResponse.parse(res.body).data;
  };

  it('lists a contact message as new, assigns it, and the reply reaches the sender through real SMTP', async () => {
    const sent = await t.request({
      method: 'POST',
      url: API.contact,
      payload: {
        name: 'Trần Văn Bình',
        email: 'binh.tran@example.vn',
        message: 'Tôi muốn hỏi\nvề lịch hiến máu.',
      },
      remoteAddress: '10.9.8.7',
    });
    expect(sent.status).toBe(200);
    const item = (await list('contact')).items.find((i) => i.email === 'binh.tran@example.vn')!;
    expect(item).toMatchObject({
      name: 'Trần Văn Bình',
      message: 'Tôi muốn hỏi\nvề lịch hiến máu.',
      status: 'NEW',
      assignedTo: null,
      replies: [],
    });

    const assigned = await t.request({
      method: 'PUT',
      url: ADMIN_INBOX_API.inboxItem('contact', item.id),
      headers: staff,
      payload: { assignedTo: staffId },
    });
    expect(assigned.body.data).toMatchObject({ assignedTo: staffId, assignedName: expect.any(String) });
    const notStaff = await t.request({
      method: 'PUT',
      url: ADMIN_INBOX_API.inboxItem('contact', item.id),
      headers: staff,
      payload: { assignedTo: (await createLoggedInUser(t)).user.id },
    });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.message).toBe(INBOX_MESSAGES.assigneeNotStaff);

    const empty = await t.request({
      method: 'POST',
      url: ADMIN_INBOX_API.inboxReply('contact', item.id),
      headers: staff,
      payload: { message: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(INBOX_MESSAGES.replyRequired);

    const reply = 'Chào anh Bình,\nLịch hiến máu tháng 12 có trên trang chủ. <b>Cảm ơn anh!</b>';
    const res = await t.request({
      method: 'POST',
      url: ADMIN_INBOX_API.inboxReply('contact', item.id),
      headers: staff,
      payload: { message: reply },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(INBOX_MESSAGES.replySent);
    const replied = ZInboxItemResponse.parse(res.body).data;
    expect(replied.status).toBe('HANDLED');
    expect(replied.replies).toHaveLength(1);
    expect(replied.replies[0]).toMatchObject({ body: reply, sentAt: t.clock.now().toISOString() });

    const mail = await smtp.waitFor(
      (m) => m.to.includes('binh.tran@example.vn') && m.subject === replySubject('contact'),
    );
    expect(mail.text).toContain('Lịch hiến máu tháng 12 có trên trang chủ. <b>Cảm ơn anh!</b>');
    expect(mail.text).toContain('> Tôi muốn hỏi');
    // Typed text is escaped in the HTML part, never markup.
    expect(mail.html).toContain('&lt;b&gt;Cảm ơn anh!&lt;/b&gt;');

    // Kept with the message, moved to the handled list.
    expect((await list('contact')).items.map((i) => i.id)).not.toContain(item.id);
    const handled = (await list('contact', 'HANDLED')).items.find((i) => i.id === item.id)!;
    expect(handled.replies.map((r) => r.body)).toEqual([reply]);
    const stored = await t.database.db
      .select()
      .from(inboxReplies)
      .where(and(eq(inboxReplies.kind, 'contact'), eq(inboxReplies.messageId, item.id)));
    expect(stored).toHaveLength(1);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'contact_message'), eq(auditLog.targetId, item.id)));
    expect(audits.map((a) => a.action)).toEqual(['inbox.update', 'inbox.reply']);
  });

  it('lists appointment feedback with the donor and campaign, and marks it handled', async () => {
    const donor = await createVerifiedDonor(t);
    const [campaign] = await listCampaigns(t);
    const appointmentId = await registerForCampaign(t, donor.auth, campaign!.id, campaign!.questionSetId);
    const [fb] = await t.database.db
      .insert(appointmentFeedback)
      .values({
        appointmentId,
        userId: donor.user.id,
        campaignId: campaign!.id,
        message: 'Nhân viên rất chu đáo.',
      })
      .returning();
    const item = (await list('feedback')).items.find((i) => i.id === fb!.id)!;
    expect(item).toMatchObject({
      name: 'Nguyễn Thị Thu',
      email: donor.user.email,
      campaignName: campaign!.name,
      message: 'Nhân viên rất chu đáo.',
      status: 'NEW',
    });
    const res = await t.request({
      method: 'PUT',
      url: ADMIN_INBOX_API.inboxItem('feedback', fb!.id),
      headers: staff,
      payload: { status: 'HANDLED' },
    });
    expect(res.body.data.status).toBe('HANDLED');
    expect((await list('feedback')).items.map((i) => i.id)).not.toContain(fb!.id);
    expect((await list('feedback', 'HANDLED')).counts.HANDLED).toBeGreaterThanOrEqual(1);
  });

  it('refuses donors (403) and anonymous callers (401)', async () => {
    const donor = (await createLoggedInUser(t)).auth;
    for (const [method, url] of [
      ['GET', ADMIN_INBOX_API.inbox('contact')],
      ['PUT', ADMIN_INBOX_API.inboxItem('feedback', 1)],
      ['POST', ADMIN_INBOX_API.inboxReply('contact', 1)],
      ['GET', ADMIN_INBOX_API.staffOptions],
    ] as const) {
      expect((await t.request({ method, url, payload: {} })).status, url).toBe(401);
      expect((await t.request({ method, url, headers: donor, payload: {} })).status, url).toBe(403);
    }
  });
});
