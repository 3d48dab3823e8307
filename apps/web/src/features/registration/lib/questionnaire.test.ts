import type { TQuestionSet } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import {
  answerAllMessage,
  buildSubmission,
  isQuestionSet,
  questionnaireProgress,
  setDetail,
  toggleAnswer,
} from './questionnaire';

const set: TQuestionSet = {
  id: 1,
  name: 'Phiếu',
  sections: [
    { id: 1, name: 'A', order: 1, questions: [{ id: 10, order: 1, content: 'Câu 1', hasDetail: false }] },
    {
      id: 2,
      name: 'B',
      order: 2,
      questions: [
        { id: 20, order: 1, content: 'Câu 2', hasDetail: true },
        { id: 30, order: 2, content: 'Câu 3', hasDetail: false },
      ],
    },
  ],
};

describe('questionnaire', () => {
  it('choosing the same option again clears the answer', () => {
    const once = toggleAnswer({}, 10, 'true');
    expect(once[10]).toEqual({ answer: 'true', detail: '' });
    expect(toggleAnswer(once, 10, 'false')[10]!.answer).toBe('false');
    expect(toggleAnswer(once, 10, 'true')[10]).toBeUndefined();
  });

  it('progress is a rounded percentage and knows the first unanswered question', () => {
    expect(questionnaireProgress(set, {})).toEqual({ total: 3, done: 0, percent: 0, firstUnansweredId: 10 });
    const some = toggleAnswer(toggleAnswer({}, 10, 'false'), 30, 'true');
    expect(questionnaireProgress(set, some)).toEqual({
      total: 3,
      done: 2,
      percent: 67,
      firstUnansweredId: 20,
    });
    expect(answerAllMessage(questionnaireProgress(set, some))).toBe(
      'Vui lòng trả lời tất cả 3 câu hỏi. Hiện tại bạn đã trả lời 2/3 câu.',
    );
  });

  it('submits only answered questions, with a detail only for a detail question answered Có', () => {
    let a = toggleAnswer({}, 20, 'true');
    a = setDetail(a, 20, '  Viêm họng nhẹ  ');
    a = toggleAnswer(a, 30, 'false');
    a = setDetail(a, 30, 'bỏ qua');
    expect(buildSubmission(5, set, a)).toEqual({
      campaignId: 5,
      answers: [
        { questionId: 20, answer: 'true', detail: 'Viêm họng nhẹ' },
        { questionId: 30, answer: 'false' },
      ],
    });
    // Switching a detail question to Không drops its detail.
    expect(buildSubmission(5, set, toggleAnswer(a, 20, 'false')).answers[0]).toEqual({
      questionId: 20,
      answer: 'false',
    });
  });

  it('recognises a question-set structure', () => {
    expect(isQuestionSet(set)).toBe(true);
    expect(isQuestionSet({ sections: 'x' })).toBe(false);
    expect(isQuestionSet({ sections: [{ name: 'A', questions: [{ id: '1', content: 'x' }] }] })).toBe(false);
    expect(isQuestionSet(null)).toBe(false);
  });
});
