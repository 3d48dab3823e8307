import type { TAppointmentAnswerSection } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { answerLabel, yesAnswers } from './questionnaire-answers';

const section = (id: number, order: number, answers: [number, boolean, string | null][]) =>
  ({
    id,
    name: `Phần ${order}`,
    order,
    answers: answers.map(([qid, answer, detail]) => ({ id: qid, content: `Câu ${qid}`, answer, detail })),
  }) satisfies TAppointmentAnswerSection;

describe('questionnaire answers', () => {
  it('says Có and Không', () => {
    expect([answerLabel(true), answerLabel(false)]).toEqual(['Có', 'Không']);
  });

  it("pins the 'Có' answers first, in questionnaire order, with their section and detail", () => {
    const sections = [
      section(2, 2, [
        [21, false, null],
        [22, true, 'Uống thuốc hạ sốt hôm qua'],
      ]),
      section(1, 1, [
        [11, true, null],
        [12, false, null],
      ]),
    ];
    expect(yesAnswers(sections)).toEqual([
      { id: 11, section: 'Phần 1', content: 'Câu 11', detail: null },
      { id: 22, section: 'Phần 2', content: 'Câu 22', detail: 'Uống thuốc hạ sốt hôm qua' },
    ]);
    expect(yesAnswers([section(1, 1, [[11, false, null]])])).toEqual([]);
  });
});
