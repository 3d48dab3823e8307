import { QUESTION_SET_MESSAGES as M } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  addSection,
  draftErrors,
  draftOf,
  editQuestion,
  editSection,
  moveQuestion,
  moveSection,
  removeQuestion,
  removeSection,
  toRequest,
  ZQuestionSetDraft,
  type TQuestionSetDraft,
} from './question-set-draft';

/** A draft with sections A (questions a1, a2, a3) and B (b1), all filled in. */
function sample(): TQuestionSetDraft {
  let d = editSection(draftOf(), 0, { name: 'A' });
  d = { ...d, name: 'Bộ câu hỏi' };
  d = addQuestion(addQuestion(d, 0), 0);
  d = addSection(d);
  d = editSection(d, 1, { name: 'B' });
  for (const [section, question, content] of [
    [0, 0, 'a1'],
    [0, 1, 'a2'],
    [0, 2, 'a3'],
    [1, 0, 'b1'],
  ] as const)
    d = editQuestion(d, { section, question }, { content });
  return d;
}
/** Section names and question texts, in order: what a move changes. */
const shape = (d: TQuestionSetDraft) =>
  d.sections.map((s) => `${s.name}:${s.questions.map((q) => q.content)}`);

describe('a questionnaire draft', () => {
  it('starts a new questionnaire with one empty section holding one empty question', () => {
    expect(toRequest(draftOf())).toEqual({
      name: '',
      sections: [{ name: '', questions: [{ content: '', hasDetail: false }] }],
    });
  });

  it('gives each section and question a key of its own, which a move keeps', () => {
    const d = sample();
    const keys = d.sections.flatMap((s) => [s.key, ...s.questions.map((q) => q.key)]);
    expect(new Set(keys).size).toBe(keys.length);
    const after = moveQuestion(d, { section: 0, question: 0 }, { section: 0, question: 2 });
    expect(after.sections[0]!.questions[2]!.key).toBe(d.sections[0]!.questions[0]!.key);
  });

  it('sends the draft without its keys', () => {
    expect(toRequest(sample())).toEqual({
      name: 'Bộ câu hỏi',
      sections: [
        {
          name: 'A',
          questions: ['a1', 'a2', 'a3'].map((content) => ({ content, hasDetail: false })),
        },
        { name: 'B', questions: [{ content: 'b1', hasDetail: false }] },
      ],
    });
  });

  it('edits one question, leaving the rest as they were', () => {
    const d = sample();
    const after = editQuestion(d, { section: 0, question: 1 }, { hasDetail: true });
    expect(after.sections[0]!.questions[1]).toMatchObject({ content: 'a2', hasDetail: true });
    expect(after.sections[1]).toBe(d.sections[1]);
    expect(d.sections[0]!.questions[1]!.hasDetail).toBe(false);
  });

  it('moves a question up or down inside its section', () => {
    const up = moveQuestion(sample(), { section: 0, question: 1 }, { section: 0, question: 0 });
    expect(shape(up)).toEqual(['A:a2,a1,a3', 'B:b1']);
    const down = moveQuestion(sample(), { section: 0, question: 0 }, { section: 0, question: 2 });
    expect(shape(down)).toEqual(['A:a2,a3,a1', 'B:b1']);
  });

  it('moves a question into another section, before the question it was dropped on', () => {
    const after = moveQuestion(sample(), { section: 0, question: 2 }, { section: 1, question: 0 });
    expect(shape(after)).toEqual(['A:a1,a2', 'B:a3,b1']);
  });

  it('moves a section with its questions', () => {
    expect(shape(moveSection(sample(), 1, 0))).toEqual(['B:b1', 'A:a1,a2,a3']);
  });

  it('ignores a move past either end or to the same place', () => {
    const d = sample();
    expect(moveSection(d, 0, -1)).toBe(d);
    expect(moveSection(d, 1, 2)).toBe(d);
    expect(moveSection(d, 1, 1)).toBe(d);
    expect(moveQuestion(d, { section: 0, question: 0 }, { section: 0, question: 3 })).toBe(d);
    expect(moveQuestion(d, { section: 1, question: 0 }, { section: 1, question: 0 })).toBe(d);
    expect(moveQuestion(d, { section: 2, question: 0 }, { section: 0, question: 0 })).toBe(d);
  });

  it('adds and removes questions and sections', () => {
    const d = sample();
    expect(shape(removeQuestion(d, { section: 0, question: 1 }))).toEqual(['A:a1,a3', 'B:b1']);
    expect(shape(removeSection(d, 0))).toEqual(['B:b1']);
    expect(addQuestion(d, 1).sections[1]!.questions).toHaveLength(2);
    expect(addSection(d).sections).toHaveLength(3);
    expect(removeSection(d, 5)).toBe(d);
  });

  it('is valid once every name and question is filled in', () => {
    expect(draftErrors(sample()).size).toBe(0);
  });

  it("says what is missing under each input's path, in the schema's order", () => {
    const d = editQuestion(
      editSection(sample(), 1, { name: '  ' }),
      { section: 0, question: 2 },
      { content: '' },
    );
    expect([...draftErrors({ ...d, name: '' })]).toEqual([
      ['name', M.nameRequired],
      ['sections.0.questions.2.content', M.questionRequired],
      ['sections.1.name', M.sectionNameRequired],
    ]);
  });

  it('asks for a section when the last one was removed, and for a question in an empty section', () => {
    expect(draftErrors(removeSection(removeSection(sample(), 0), 0)).get('sections')).toBe(
      M.sectionsRequired,
    );
    const empty = removeQuestion(sample(), { section: 1, question: 0 });
    expect(draftErrors(empty).get('sections.1.questions')).toBe(M.questionsRequired);
  });

  it("gives the form's resolver the request, trimmed, and the draft's paths for its messages", () => {
    const filled = ZQuestionSetDraft.safeParse({ ...sample(), name: '  Bộ câu hỏi ' });
    expect(filled.success && filled.data).toEqual({ ...toRequest(sample()), name: 'Bộ câu hỏi' });
    const blank = ZQuestionSetDraft.safeParse(editSection(sample(), 1, { name: '' }));
    expect(blank.error?.issues.map((i) => i.path.join('.'))).toEqual(['sections.1.name']);
  });
});
