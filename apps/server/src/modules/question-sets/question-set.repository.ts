import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import {
  campaignSlots,
  campaigns,
  questionSections,
  questionSets,
  questions,
} from '../../db/schema/index.ts';

/** A transaction (or the plain handle): the writes of one save happen in one. */

export type SectionInput = { name: string; questions: { content: string; hasDetail: boolean }[] };

/** Whether any registration of campaign `c` carries answers (appointments by campaign, answers by appointment). */
const campaignAnswered =
  sql<boolean>`exists (select 1 from appointments a join answers an on an.appointment_id = a.id where a.campaign_id = "campaigns"."id")`.mapWith(
    Boolean,
  );

/** Number of questions, whether any is answered, and how many campaigns name the version. */
const figures = {
  questionCount:
    sql<number>`(select count(*) from ${questions} q join ${questionSections} s on s.id = q.section_id where s.question_set_id = question_sets.id)`.mapWith(
      Number,
    ),
  answered:
    sql<boolean>`exists (select 1 from answers a join ${questions} q on q.id = a.question_id join ${questionSections} s on s.id = q.section_id where s.question_set_id = question_sets.id)`.mapWith(
      Boolean,
    ),
  campaignCount:
    sql<number>`(select count(*) from campaigns c where c.question_set_id = question_sets.id)`.mapWith(
      Number,
    ),
};

/**
 * Inserts one version with its sections and questions (three statements whatever its size) and
 * returns its id. The id is taken first so that a first version can name itself as its lineage.
 */
export async function insertQuestionSetVersion(
  tx: Tx,
  v: { name: string; lineageId?: number; version: number; sections: SectionInput[] },
  now: Date,
): Promise<number> {
  const [{ id } = { id: 0 }] = rowsOf<{ id: number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('question_sets', 'id'))::int as id`),
  );
  await tx.insert(questionSets).values({
    id: Number(id),
    name: v.name,
    lineageId: v.lineageId ?? Number(id),
    version: v.version,
    createdAt: now,
    updatedAt: now,
  });
  await insertContent(tx, Number(id), v.sections);
  return Number(id);
}

async function insertContent(tx: Tx, setId: number, sections: SectionInput[]) {
  const rows = await tx
    .insert(questionSections)
    .values(sections.map((s, i) => ({ questionSetId: setId, name: s.name, order: i + 1 })))
    .returning({ id: questionSections.id, order: questionSections.order });
  const idOf = new Map(rows.map((r) => [r.order, r.id]));
  const items = sections.flatMap((s, i) =>
    s.questions.map((q, j) => ({
      sectionId: idOf.get(i + 1)!,
      order: j + 1,
      content: q.content,
      hasDetail: q.hasDetail,
    })),
  );
  if (items.length) await tx.insert(questions).values(items);
}

/**
 * The sections of a question set with their questions, in the donor's order (a section without
 * questions comes once, with `question: null`). Registration reads sets the same way.
 */
export function questionRows(db: Db | Tx, questionSetId: number) {
  return db
    .select({ section: questionSections, question: questions })
    .from(questionSections)
    .leftJoin(questions, eq(questions.sectionId, questionSections.id))
    .where(eq(questionSections.questionSetId, questionSetId))
    .orderBy(asc(questionSections.order), asc(questionSections.id), asc(questions.order), asc(questions.id));
}

export function createQuestionSetRepository(db: Db) {
  return {
    transaction: db.transaction.bind(db),

    /** Every version with its figures: one query. */
    async list() {
      return db
        .select({
          id: questionSets.id,
          name: questionSets.name,
          lineageId: questionSets.lineageId,
          version: questionSets.version,
          supersededAt: questionSets.supersededAt,
          createdAt: questionSets.createdAt,
          ...figures,
        })
        .from(questionSets)
        .orderBy(asc(questionSets.lineageId), desc(questionSets.version));
    },

    async find(id: number) {
      const [set] = await db
        .select({
          id: questionSets.id,
          name: questionSets.name,
          lineageId: questionSets.lineageId,
          version: questionSets.version,
          supersededAt: questionSets.supersededAt,
          createdAt: questionSets.createdAt,
          ...figures,
        })
        .from(questionSets)
        .where(eq(questionSets.id, id))
        .limit(1);
      if (!set) return undefined;
      const [rows, versions] = await Promise.all([
        questionRows(db, id),
        db
          .select({
            id: questionSets.id,
            version: questionSets.version,
            createdAt: questionSets.createdAt,
            answered: figures.answered,
          })
          .from(questionSets)
          .where(eq(questionSets.lineageId, set.lineageId))
          .orderBy(desc(questionSets.version)),
      ]);
      return { set, rows, versions };
    },

    /**
     * Locks the version for an edit: its row (two saves of one version queue up) and its questions
     * FOR UPDATE, which a donor's answer needs to share (the foreign key check): once this returns,
     * no answer can be added to the version until the transaction ends, so `answered` stays true.
     */
    async lockForEdit(tx: Tx, id: number) {
      const [set] = await tx
        .select({
          id: questionSets.id,
          lineageId: questionSets.lineageId,
          version: questionSets.version,
          supersededAt: questionSets.supersededAt,
        })
        .from(questionSets)
        .where(eq(questionSets.id, id))
        .for('update');
      if (!set) return undefined;
      await tx.execute(
        sql`select q.id from ${questions} q join ${questionSections} s on s.id = q.section_id where s.question_set_id = ${id} for update of q`,
      );
      const [row] = rowsOf<{ answered: boolean }>(
        await tx.execute(
          sql`select exists (select 1 from answers a join ${questions} q on q.id = a.question_id join ${questionSections} s on s.id = q.section_id where s.question_set_id = ${id}) as answered`,
        ),
      );
      return { ...set, answered: Boolean(row?.answered) };
    },

    /** Replaces the content of a version nobody has answered. */
    async replaceContent(tx: Tx, id: number, name: string, sections: SectionInput[], now: Date) {
      await tx.delete(questionSections).where(eq(questionSections.questionSetId, id));
      await tx.update(questionSets).set({ name, updatedAt: now }).where(eq(questionSets.id, id));
      await insertContent(tx, id, sections);
    },

    /**
     * Open campaigns (not cancelled, receiving not over) naming an older version of lineage
     * `lineageId` than `version`, soonest first, each with whether donors answered it
     * (campaigns_question_set_idx, then appointments by campaign).
     */
    async olderOpenCampaigns(lineageId: number, version: number, now: Date, ids?: number[], tx: Tx = db) {
      const q = tx
        .select({
          id: campaigns.id,
          name: campaigns.name,
          organizeTime: campaigns.organizeTime,
          version: questionSets.version,
          answered: campaignAnswered,
        })
        .from(campaigns)
        .innerJoin(questionSets, eq(questionSets.id, campaigns.questionSetId))
        .where(
          and(
            eq(questionSets.lineageId, lineageId),
            lt(questionSets.version, version),
            isNull(campaigns.cancelledAt),
            gt(campaigns.endReceiveTime, now),
            ids ? inArray(campaigns.id, ids) : undefined,
          ),
        )
        .orderBy(asc(campaigns.organizeTime), asc(campaigns.id));
      return ids ? q.for('update', { of: campaigns }) : q;
    },

    /**
     * Locks the campaigns' time slots: a booking (its slot update) that is running waits for this
     * transaction, and one that ran before has committed its answers, which `answered` then sees.
     */
    async lockSlots(tx: Tx, campaignIds: number[]) {
      if (campaignIds.length === 0) return;
      await tx
        .select({ id: campaignSlots.campaignId })
        .from(campaignSlots)
        .where(inArray(campaignSlots.campaignId, campaignIds))
        .for('update');
    },

    /** Campaigns (of `ids`) with a registration carrying answers, read inside the locking transaction. */
    async answeredCampaigns(tx: Tx, ids: number[]) {
      if (ids.length === 0) return new Set<number>();
      const rows = await tx
        .select({ id: campaigns.id, answered: campaignAnswered })
        .from(campaigns)
        .where(inArray(campaigns.id, ids));
      return new Set(rows.filter((r) => r.answered).map((r) => r.id));
    },

    async setCampaignsQuestionSet(tx: Tx, ids: number[], questionSetId: number, now: Date) {
      if (ids.length === 0) return;
      await tx
        .update(campaigns)
        .set({ questionSetId, updatedAt: now })
        .where(and(inArray(campaigns.id, ids), ne(campaigns.questionSetId, questionSetId)));
    },

    /** Marks a version superseded (read-only from now on). */
    async supersede(tx: Tx, id: number, now: Date) {
      await tx
        .update(questionSets)
        .set({ supersededAt: now, updatedAt: now })
        .where(and(eq(questionSets.id, id)));
    },
  };
}
export type QuestionSetRepository = ReturnType<typeof createQuestionSetRepository>;
