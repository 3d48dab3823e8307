import { QUESTION_SET_MESSAGES } from '@giot-hong/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  apiKeys,
  appointmentFeedback,
  appointments,
  broadcasts,
  campaigns,
  contactMessages,
  donorProfiles,
  news,
  questionSets,
  users,
} from '../../db/schema/index.ts';

/** What an audit page needs to name: the targets and donors of its rows and the accounts in details. */
export type AuditRefs = {
  targets: { type: string; id: number | null }[];
  userIds: number[];
};

/** A user as the audit page names them: the name on the ID card, else the username; and the role. */
export type AuditUser = { name: string; role: string };

export type AuditNames = {
  user: Map<number, AuditUser>;
  /** `type:id` → the target's name ('Ngày hội hiến máu …', a news title, a sender's name …). */
  target: Map<string, string>;
};

const unique = (ids: (number | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is number => typeof id === 'number')),
];

/**
 * Names for one page of the audit trail (at most AUDIT_PAGE_SIZE rows): one query per kind of
 * thing the page mentions, each by primary key, so a page costs a handful of index look-ups.
 * A row whose target was deleted since simply has no name.
 */
export async function auditNames(db: Db, refs: AuditRefs): Promise<AuditNames> {
  const idsOf = (type: string) => unique(refs.targets.filter((t) => t.type === type).map((t) => t.id));
  const appointmentIds = idsOf('appointment');
  const appointmentRows = appointmentIds.length
    ? await db
        .select({ id: appointments.id, userId: appointments.userId, campaign: campaigns.name })
        .from(appointments)
        .innerJoin(campaigns, eq(campaigns.id, appointments.campaignId))
        .where(inArray(appointments.id, appointmentIds))
    : [];
  const userIds = unique([...idsOf('user'), ...refs.userIds, ...appointmentRows.map((a) => a.userId)]);

  const byId = async <T>(ids: number[], run: (ids: number[]) => Promise<T[]>) => (ids.length ? run(ids) : []);
  const [userRows, campaignRows, newsRows, setRows, broadcastRows, contactRows, feedbackRows, keyRows] =
    await Promise.all([
      byId(userIds, (ids) =>
        db
          .select({
            id: users.id,
            username: users.username,
            role: users.role,
            fullName: donorProfiles.fullName,
          })
          .from(users)
          .leftJoin(donorProfiles, eq(donorProfiles.userId, users.id))
          .where(inArray(users.id, ids)),
      ),
      byId(idsOf('campaign'), (ids) =>
        db
          .select({ id: campaigns.id, name: campaigns.name })
          .from(campaigns)
          .where(inArray(campaigns.id, ids)),
      ),
      byId(idsOf('news'), (ids) =>
        db.select({ id: news.id, name: news.title }).from(news).where(inArray(news.id, ids)),
      ),
      byId(idsOf('question_set'), (ids) =>
        db
          .select({ id: questionSets.id, name: questionSets.name, version: questionSets.version })
          .from(questionSets)
          .where(inArray(questionSets.id, ids)),
      ),
      byId(idsOf('broadcast'), (ids) =>
        db
          .select({ id: broadcasts.id, name: broadcasts.title })
          .from(broadcasts)
          .where(inArray(broadcasts.id, ids)),
      ),
      byId(idsOf('contact_message'), (ids) =>
        db
          .select({ id: contactMessages.id, name: contactMessages.name })
          .from(contactMessages)
          .where(inArray(contactMessages.id, ids)),
      ),
      byId(idsOf('appointment_feedback'), (ids) =>
        db
          .select({
            id: appointmentFeedback.id,
            username: users.username,
            fullName: donorProfiles.fullName,
            campaign: campaigns.name,
          })
          .from(appointmentFeedback)
          .innerJoin(campaigns, eq(campaigns.id, appointmentFeedback.campaignId))
          .innerJoin(users, eq(users.id, appointmentFeedback.userId))
          .leftJoin(donorProfiles, eq(donorProfiles.userId, appointmentFeedback.userId))
          .where(inArray(appointmentFeedback.id, ids)),
      ),
      byId(idsOf('api-key'), (ids) =>
        db
          .select({ id: apiKeys.id, name: apiKeys.name, publicId: apiKeys.publicId })
          .from(apiKeys)
          .where(inArray(apiKeys.id, ids)),
      ),
    ]);

  const user = new Map(userRows.map((u) => [u.id, { name: u.fullName ?? u.username, role: u.role }]));
  const target = new Map<string, string>();
  for (const [id, u] of user) target.set(`user:${id}`, u.name);
  for (const c of campaignRows) target.set(`campaign:${c.id}`, c.name);
  for (const n of newsRows) target.set(`news:${n.id}`, n.name);
  for (const s of setRows)
    target.set(`question_set:${s.id}`, `${s.name} (${QUESTION_SET_MESSAGES.versionLabel(s.version)})`);
  for (const b of broadcastRows) target.set(`broadcast:${b.id}`, b.name);
  for (const m of contactRows) target.set(`contact_message:${m.id}`, m.name);
  // A machine's key by its name and public prefix (the secret is nowhere to be named).
  for (const k of keyRows) target.set(`api-key:${k.id}`, `${k.name} (ghk_${k.publicId})`);
  // Feedback and appointments: whose, and about which campaign.
  for (const f of feedbackRows)
    target.set(`appointment_feedback:${f.id}`, `${f.fullName ?? f.username} · ${f.campaign}`);
  for (const a of appointmentRows)
    target.set(
      `appointment:${a.id}`,
      // An erased donor's appointment keeps its campaign only (user_id is set to null).
      a.userId === null ? a.campaign : `${user.get(a.userId)?.name ?? ''} · ${a.campaign}`,
    );
  return { user, target };
}
