import { REGISTRATION_MESSAGES, type TQuestionSet, type TSubmitAnswersRequest } from '@giot-hong/contract';

/** One answer as the donor gives it: Có ('true') or Không ('false'), and a detail for some questions. */
export type AnswerValue = { answer: 'true' | 'false'; detail: string };
export type AnswerMap = Record<number, AnswerValue>;

export const allQuestions = (set: TQuestionSet) => set.sections.flatMap((s) => s.questions);

/** Choosing the option already chosen clears the answer. */
export function toggleAnswer(answers: AnswerMap, questionId: number, choice: 'true' | 'false'): AnswerMap {
  const next = { ...answers };
  const current = answers[questionId];
  if (current?.answer === choice) delete next[questionId];
  else next[questionId] = { answer: choice, detail: current?.detail ?? '' };
  return next;
}

export function setDetail(answers: AnswerMap, questionId: number, detail: string): AnswerMap {
  const current = answers[questionId];
  if (!current) return answers;
  return { ...answers, [questionId]: { ...current, detail } };
}

export type Progress = {
  total: number;
  done: number;
  percent: number;
  firstUnansweredId: number | undefined;
};

export function questionnaireProgress(set: TQuestionSet, answers: AnswerMap): Progress {
  const questions = allQuestions(set);
  const total = questions.length;
  const done = questions.filter((q) => answers[q.id]).length;
  return {
    total,
    done,
    percent: total === 0 ? 0 : Math.round((done / total) * 100),
    firstUnansweredId: questions.find((q) => !answers[q.id])?.id,
  };
}

/** 'Vui lòng trả lời tất cả {total} câu hỏi. Hiện tại bạn đã trả lời {done}/{total} câu.' */
export const answerAllMessage = (p: Pick<Progress, 'total' | 'done'>) =>
  REGISTRATION_MESSAGES.answerAll(p.total, p.done);

/**
 * The body of POST /answer: only answered questions, in the set's order; a detail only for a
 * question that takes one and was answered Có (the server refuses it elsewhere).
 */
export function buildSubmission(
  campaignId: number,
  set: TQuestionSet,
  answers: AnswerMap,
): TSubmitAnswersRequest {
  return {
    campaignId,
    answers: allQuestions(set).flatMap((q) => {
      const a = answers[q.id];
      if (!a) return [];
      const detail = q.hasDetail && a.answer === 'true' ? a.detail.trim() : '';
      return [{ questionId: q.id, answer: a.answer, ...(detail ? { detail } : {}) }];
    }),
  };
}

/** A question-set body has the structure the wizard needs (otherwise 'Cấu trúc dữ liệu không hợp lệ'). */
export function isQuestionSet(value: unknown): value is TQuestionSet {
  if (typeof value !== 'object' || value === null) return false;
  const sections = (value as { sections?: unknown }).sections;
  return (
    Array.isArray(sections) &&
    sections.every(
      (s: unknown) =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as { name?: unknown }).name === 'string' &&
        Array.isArray((s as { questions?: unknown }).questions) &&
        (s as { questions: unknown[] }).questions.every(
          (q: unknown) =>
            typeof q === 'object' &&
            q !== null &&
            typeof (q as { id?: unknown }).id === 'number' &&
            typeof (q as { content?: unknown }).content === 'string',
        ),
    )
  );
}
