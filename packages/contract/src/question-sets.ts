import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';
import { ZId } from './ids.ts';
import { singleLineText } from './text-field.ts';

/*
 * Questionnaires in the staff console (staff console III): question sets with versions. A version
 * that has answers is never changed again; saving it stores the next version. Campaigns name the
 * version their donors answer.
 */

export const QUESTION_SET_API = {
  list: '/api/admin/question-sets',
  one: (id: number | string) => `/api/admin/question-sets/${id}`,
  /**
   * GET: the open campaigns still naming an older version of this (latest) version's questionnaire;
   * POST {campaignIds}: moves those nobody has answered yet to this version.
   */
  campaigns: (id: number | string) => `/api/admin/question-sets/${id}/campaigns`,
} as const;

export const QUESTION_SET_LIMITS = {
  name: 200,
  sections: 30,
  sectionName: 200,
  questionsPerSection: 50,
  question: 1000,
} as const;
const L = QUESTION_SET_LIMITS;

export const QUESTION_SET_MESSAGES = {
  nameRequired: 'Vui lòng nhập tên bộ câu hỏi',
  nameTooLong: `Tên bộ câu hỏi không quá ${L.name} ký tự`,
  sectionsRequired: 'Bộ câu hỏi cần ít nhất một phần',
  tooManySections: `Bộ câu hỏi không quá ${L.sections} phần`,
  sectionNameRequired: 'Vui lòng nhập tên phần',
  sectionNameTooLong: `Tên phần không quá ${L.sectionName} ký tự`,
  questionsRequired: 'Mỗi phần cần ít nhất một câu hỏi',
  tooManyQuestions: `Mỗi phần không quá ${L.questionsPerSection} câu hỏi`,
  questionRequired: 'Vui lòng nhập nội dung câu hỏi',
  questionTooLong: `Câu hỏi không quá ${L.question} ký tự`,
  notFound: 'Không tìm thấy bộ câu hỏi',
  superseded: 'Phiên bản này đã có phiên bản mới hơn nên chỉ được xem. Vui lòng sửa phiên bản mới nhất.',
  created: 'Đã tạo bộ câu hỏi',
  saved: 'Đã lưu bộ câu hỏi',
  newVersion: (version: number) =>
    `Đã lưu thành phiên bản ${version}. Phiên bản cũ đã có người trả lời nên được giữ nguyên.`,
  /** The picker's label of a version. */
  versionLabel: (version: number) => `phiên bản ${version}`,
  /** After a new version: the open campaigns that still use an older one. */
  olderCampaignsTitle: (version: number) => `Chuyển chiến dịch sang phiên bản ${version}?`,
  olderCampaignsIntro: (version: number) =>
    `Các chiến dịch đang mở dưới đây vẫn dùng phiên bản cũ. Những chiến dịch chưa có ai trả lời có thể chuyển sang phiên bản ${version} ngay; người đăng ký sau đó sẽ trả lời câu hỏi mới.`,
  campaignAnswered: 'đã có người trả lời, giữ phiên bản cũ',
  moveCampaigns: (version: number) => `Chuyển sang phiên bản ${version}`,
  keepCampaigns: 'Để nguyên',
  campaignsMoved: (n: number, version: number) => `Đã chuyển ${n} chiến dịch sang phiên bản ${version}`,
  campaignsKept: (names: string[]) =>
    `Giữ phiên bản cũ vì đã có người trả lời hoặc không còn mở: ${names.join(', ')}`,
  campaignsRequired: 'Vui lòng chọn ít nhất một chiến dịch',
  notLatest: 'Chỉ có thể chuyển chiến dịch sang phiên bản mới nhất',
} as const;
const M = QUESTION_SET_MESSAGES;

export const ZQuestionSetQuestionInput = z.object({
  content: singleLineText({ error: M.questionRequired }, { trim: true })
    .min(1, M.questionRequired)
    .max(L.question, M.questionTooLong),
  hasDetail: z.boolean().default(false),
});

export const ZQuestionSetSectionInput = z.object({
  name: singleLineText({ error: M.sectionNameRequired }, { trim: true })
    .min(1, M.sectionNameRequired)
    .max(L.sectionName, M.sectionNameTooLong),
  questions: z
    .array(ZQuestionSetQuestionInput, { error: M.questionsRequired })
    .min(1, M.questionsRequired)
    .max(L.questionsPerSection, M.tooManyQuestions),
});

/** A question set as staff save it: sections and questions in the order given. */
export const ZQuestionSetRequest = z.object({
  name: singleLineText({ error: M.nameRequired }, { trim: true })
    .min(1, M.nameRequired)
    .max(L.name, M.nameTooLong),
  sections: z
    .array(ZQuestionSetSectionInput, { error: M.sectionsRequired })
    .min(1, M.sectionsRequired)
    .max(L.sections, M.tooManySections),
});
export type TQuestionSetRequest = z.input<typeof ZQuestionSetRequest>;

/** One version in a list (the campaign form's picker, the console's list). */
export const ZAdminQuestionSetVersion = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The id of the questionnaire's first version: every version of it shares it. */
  lineageId: z.number().int(),
  version: z.number().int(),
  /** No newer version exists: this is the one to edit and to choose for new campaigns. */
  latest: z.boolean(),
  /** Donors have answered it: it is read-only, saving it stores a new version. */
  answered: z.boolean(),
  questionCount: z.number().int(),
  campaignCount: z.number().int(),
  createdAt: z.string(),
});
export type TAdminQuestionSetVersion = z.infer<typeof ZAdminQuestionSetVersion>;
export const ZAdminQuestionSetVersionListResponse = ZEnvelope(z.array(ZAdminQuestionSetVersion));

export const ZAdminQuestionSetDetail = ZAdminQuestionSetVersion.extend({
  sections: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      order: z.number().int(),
      questions: z.array(
        z.object({
          id: z.number().int(),
          order: z.number().int(),
          content: z.string(),
          hasDetail: z.boolean(),
        }),
      ),
    }),
  ),
  /** Every version of this questionnaire, newest first. */
  versions: z.array(
    z.object({
      id: z.number().int(),
      version: z.number().int(),
      createdAt: z.string(),
      answered: z.boolean(),
    }),
  ),
});
export type TAdminQuestionSetDetail = z.infer<typeof ZAdminQuestionSetDetail>;
export const ZAdminQuestionSetDetailResponse = ZEnvelope(ZAdminQuestionSetDetail);

/** An open campaign (not cancelled, receiving not over) on an older version of a questionnaire. */
export const ZQuestionSetOlderCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  organizeTime: z.string(),
  /** The version it names now. */
  version: z.number().int(),
  /** Donors have registered with answers: it keeps its version (their answers keep their questions). */
  answered: z.boolean(),
});
export type TQuestionSetOlderCampaign = z.infer<typeof ZQuestionSetOlderCampaign>;
export const ZQuestionSetOlderCampaignsResponse = ZEnvelope(z.array(ZQuestionSetOlderCampaign));

export const ZQuestionSetMoveCampaignsRequest = z.object({
  campaignIds: z.array(ZId, { error: M.campaignsRequired }).min(1, M.campaignsRequired).max(500),
});
export type TQuestionSetMoveCampaignsRequest = z.infer<typeof ZQuestionSetMoveCampaignsRequest>;
/** Moved to the version, and kept on their own (answered meanwhile, closed, another questionnaire). */
export const ZQuestionSetMoveCampaignsResponse = ZEnvelope(
  z.object({
    moved: z.array(z.object({ id: z.number().int(), name: z.string() })),
    kept: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
