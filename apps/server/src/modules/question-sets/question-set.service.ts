import {
  QUESTION_SET_MESSAGES as M,
  type TAdminQuestionSetDetail,
  type TAdminQuestionSetVersion,
} from '@giot-hong/contract';
import type { z } from 'zod';
import type { ZQuestionSetRequest } from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { insertQuestionSetVersion, type QuestionSetRepository } from './question-set.repository.ts';

/** Who acts, and the request to name in the audit trail. */
export type Actor = { id: number; role: string; requestId: string };
type Request = z.output<typeof ZQuestionSetRequest>;

type ListRow = Awaited<ReturnType<QuestionSetRepository['list']>>[number];

const toVersion = (r: ListRow): TAdminQuestionSetVersion => ({
  id: r.id,
  name: r.name,
  lineageId: r.lineageId,
  version: r.version,
  latest: r.supersededAt === null,
  answered: r.answered,
  questionCount: r.questionCount,
  campaignCount: r.campaignCount,
  createdAt: r.createdAt.toISOString(),
});

export function createQuestionSetService(deps: {
  repo: QuestionSetRepository;
  clock: Clock;
  /** After a set is created or changed (registration keeps sets in memory). */
  onChanged?: () => void;
}) {
  const { repo, clock } = deps;

  async function get(id: number): Promise<TAdminQuestionSetDetail> {
    const found = await repo.find(id);
    if (!found) throw notFound(M.notFound);
    const sections: TAdminQuestionSetDetail['sections'] = [];
    for (const { section, question } of found.rows) {
      let s = sections[sections.length - 1];
      if (!s || s.id !== section.id) {
        s = { id: section.id, name: section.name, order: section.order, questions: [] };
        sections.push(s);
      }
      if (question)
        s.questions.push({
          id: question.id,
          order: question.order,
          content: question.content,
          hasDetail: question.hasDetail,
        });
    }
    return {
      ...toVersion(found.set),
      sections,
      versions: found.versions.map((v) => ({
        id: v.id,
        version: v.version,
        createdAt: v.createdAt.toISOString(),
        answered: v.answered,
      })),
    };
  }

  return {
    list: async () => (await repo.list()).map(toVersion),
    get,

    async create(actor: Actor, req: Request): Promise<TAdminQuestionSetDetail> {
      const now = clock.now();
      const id = await repo.transaction(async (tx) => {
        const id = await insertQuestionSetVersion(tx, { ...req, version: 1 }, now);
        await recordAudit(
          tx,
          {
            actor,
            action: 'question_set.create',
            target: { type: 'question_set', id },
            requestId: actor.requestId,
            detail: { version: 1, sections: req.sections.length },
          },
          now,
        );
        return id;
      });
      deps.onChanged?.();
      return get(id);
    },

    /**
     * Saves a version. Nobody has answered it: its content is replaced. Donors have answered it:
     * it stays as it is (read-only) and the content becomes the next version. Only the latest
     * version can be saved.
     */
    async update(
      actor: Actor,
      id: number,
      req: Request,
    ): Promise<{ set: TAdminQuestionSetDetail; newVersion: boolean }> {
      const now = clock.now();
      const result = await repo.transaction(async (tx) => {
        const current = await repo.lockForEdit(tx, id);
        if (!current) throw notFound(M.notFound);
        if (current.supersededAt) throw conflict(M.superseded);
        if (!current.answered) {
          await repo.replaceContent(tx, id, req.name, req.sections, now);
          await recordAudit(
            tx,
            {
              actor,
              action: 'question_set.update',
              target: { type: 'question_set', id },
              requestId: actor.requestId,
              detail: { version: current.version, sections: req.sections.length },
            },
            now,
          );
          return { id, newVersion: false };
        }
        await repo.supersede(tx, id, now);
        const version = current.version + 1;
        const next = await insertQuestionSetVersion(
          tx,
          { ...req, lineageId: current.lineageId, version },
          now,
        );
        await recordAudit(
          tx,
          {
            actor,
            action: 'question_set.version',
            target: { type: 'question_set', id: next },
            requestId: actor.requestId,
            detail: { previousId: id, version, sections: req.sections.length },
          },
          now,
        );
        return { id: next, newVersion: true };
      });
      deps.onChanged?.();
      return { set: await get(result.id), newVersion: result.newVersion };
    },
  };
}
