import {
  QUESTION_SET_MESSAGES as M,
  type TAdminQuestionSetDetail,
  type TAdminQuestionSetVersion,
  type TQuestionSetOlderCampaign,
} from '@giot-hong/contract';
import type { z } from 'zod';
import type { ZQuestionSetRequest } from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { groupSections } from './question-set-sections.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { audit } from '../audit/audit.repository.ts';
import type { Actor } from '../../lib/actor.ts';
import { insertQuestionSetVersion, type QuestionSetRepository } from './question-set.repository.ts';

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
  /** After campaigns moved to another version (the public campaign list is cached briefly). */
  onCampaignsChanged?: () => void;
}) {
  const { repo, clock } = deps;

  async function get(id: number): Promise<TAdminQuestionSetDetail> {
    const found = await repo.find(id);
    if (!found) throw notFound(M.notFound);
    const sections: TAdminQuestionSetDetail['sections'] = groupSections(found.rows);
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

  /** The version campaigns may move to: it exists and is the latest of its questionnaire. */
  async function latestOrThrow(id: number) {
    const found = await repo.find(id);
    if (!found) throw notFound(M.notFound);
    if (found.set.supersededAt) throw conflict(M.notLatest);
    return found.set;
  }

  return {
    list: async () => (await repo.list()).map(toVersion),

    /**
     * The open campaigns still naming an older version of this questionnaire: after a new version,
     * the console offers to move those nobody has answered (ADR 18: a campaign never moves by itself).
     */
    async olderCampaigns(id: number): Promise<TQuestionSetOlderCampaign[]> {
      const set = await latestOrThrow(id);
      const rows = await repo.olderOpenCampaigns(set.lineageId, set.version, clock.now());
      return rows.map((r) => ({ ...r, organizeTime: r.organizeTime.toISOString() }));
    },

    /**
     * Moves the chosen campaigns to this (latest) version, in one transaction: each must still be
     * open, on an older version of the same questionnaire and without answers once its row and its
     * slots are locked (a booking in flight finishes first, or waits). The others are kept and named.
     */
    async moveCampaigns(actor: Actor, id: number, campaignIds: number[]) {
      const set = await latestOrThrow(id);
      const now = clock.now();
      const ids = [...new Set(campaignIds)];
      const result = await repo.transaction(async (tx) => {
        const candidates = await repo.olderOpenCampaigns(set.lineageId, set.version, now, ids, tx);
        await repo.lockSlots(
          tx,
          candidates.map((c) => c.id),
        );
        const answered = await repo.answeredCampaigns(
          tx,
          candidates.map((c) => c.id),
        );
        const moved = candidates.filter((c) => !answered.has(c.id));
        await repo.setCampaignsQuestionSet(
          tx,
          moved.map((c) => c.id),
          id,
          now,
        );
        for (const c of moved)
          await audit(tx, actor, 'campaign.question-set', { type: 'campaign', id: c.id }, now, {
            detail: { questionSetId: id, version: set.version },
          });
        const movedIds = new Set(moved.map((c) => c.id));
        const named = new Map(candidates.map((c) => [c.id, c.name]));
        return {
          moved: moved.map((c) => ({ id: c.id, name: c.name })),
          kept: ids.filter((c) => !movedIds.has(c)).map((c) => ({ id: c, name: named.get(c) ?? `#${c}` })),
        };
      });
      if (result.moved.length) deps.onCampaignsChanged?.();
      return { ...result, version: set.version };
    },
    get,

    async create(actor: Actor, req: Request): Promise<TAdminQuestionSetDetail> {
      const now = clock.now();
      const id = await repo.transaction(async (tx) => {
        const id = await insertQuestionSetVersion(tx, { ...req, version: 1 }, now);
        await audit(tx, actor, 'question_set.create', { type: 'question_set', id }, now, {
          detail: { version: 1, sections: req.sections.length },
        });
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
          await audit(tx, actor, 'question_set.update', { type: 'question_set', id }, now, {
            detail: { version: current.version, sections: req.sections.length },
          });
          return { id, newVersion: false };
        }
        await repo.supersede(tx, id, now);
        const version = current.version + 1;
        const next = await insertQuestionSetVersion(
          tx,
          { ...req, lineageId: current.lineageId, version },
          now,
        );
        await audit(tx, actor, 'question_set.version', { type: 'question_set', id: next }, now, {
          detail: { previousId: id, version, sections: req.sections.length },
        });
        return { id: next, newVersion: true };
      });
      deps.onChanged?.();
      return { set: await get(result.id), newVersion: result.newVersion };
    },
  };
}
