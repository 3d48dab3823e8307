import {
  ZQuestionSetRequest,
  type TAdminQuestionSetDetail,
  type TQuestionSetRequest,
} from '@giot-hong/contract';
import { z } from 'zod';

/*
 * A questionnaire being edited, as plain data: every change is a pure function from one draft to
 * the next, so the editor (components/question-set-editor.tsx) only wires them to buttons and
 * inputs. Each section and question carries a `key` of its own, stable across moves, for React's
 * lists and the inputs' ids: an index would make a moved question's input take another's value.
 * A change that makes no sense (moving the first item up, an index out of range) returns the draft
 * unchanged.
 */

export type TDraftQuestion = { key: string; content: string; hasDetail: boolean };
export type TDraftSection = { key: string; name: string; questions: TDraftQuestion[] };
export type TQuestionSetDraft = { name: string; sections: TDraftSection[] };
/** Where a question is: its section's index and its own index in that section. */
export type TQuestionPlace = { section: number; question: number };

let lastKey = 0;
const newKey = () => `k${++lastKey}`;
export const emptyQuestion = (): TDraftQuestion => ({ key: newKey(), content: '', hasDetail: false });
export const emptySection = (): TDraftSection => ({ key: newKey(), name: '', questions: [emptyQuestion()] });

/** The draft of a saved questionnaire, or of a new one (one section with one empty question). */
export function draftOf(set?: TAdminQuestionSetDetail): TQuestionSetDraft {
  if (!set) return { name: '', sections: [emptySection()] };
  return {
    name: set.name,
    sections: set.sections.map((s) => ({
      key: newKey(),
      name: s.name,
      questions: s.questions.map((q) => ({ key: newKey(), content: q.content, hasDetail: q.hasDetail })),
    })),
  };
}

/** What the server receives: the draft without its keys. */
export const toRequest = (d: TQuestionSetDraft): TQuestionSetRequest => ({
  name: d.name,
  sections: d.sections.map((s) => ({
    name: s.name,
    questions: s.questions.map((q) => ({ content: q.content, hasDetail: q.hasDetail })),
  })),
});

/**
 * The contract's messages by path ('name', 'sections', 'sections.0.name',
 * 'sections.0.questions.1.content' …), in the schema's order, the first message of each path only.
 * Empty: the draft can be saved.
 */
export function draftErrors(d: TQuestionSetDraft): Map<string, string> {
  const parsed = ZQuestionSetRequest.safeParse(toRequest(d));
  const errors = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!errors.has(path)) errors.set(path, issue.message);
    }
  return errors;
}

/**
 * The contract's schema, read from a draft: the form's resolver. Its output is the request (no
 * keys, texts trimmed); its messages have the paths of `draftErrors`, which are the draft's own.
 */
export const ZQuestionSetDraft = z
  .custom<TQuestionSetDraft>()
  .transform((d) => toRequest(d))
  .pipe(ZQuestionSetRequest);

/** The list with the item at `from` moved to `to` (both valid indexes). */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const inRange = (list: readonly unknown[], i: number) => Number.isInteger(i) && i >= 0 && i < list.length;

/** Changes one section (name or questions); the others stay the same objects. */
export function editSection(
  d: TQuestionSetDraft,
  section: number,
  change: Partial<Omit<TDraftSection, 'key'>>,
): TQuestionSetDraft {
  if (!inRange(d.sections, section)) return d;
  return { ...d, sections: d.sections.map((s, i) => (i === section ? { ...s, ...change } : s)) };
}

/** Changes one question's text or its "detail when answered Có" box. */
export function editQuestion(
  d: TQuestionSetDraft,
  { section, question }: TQuestionPlace,
  change: Partial<Omit<TDraftQuestion, 'key'>>,
): TQuestionSetDraft {
  const questions = d.sections[section]?.questions;
  if (!questions || !inRange(questions, question)) return d;
  return editSection(d, section, {
    questions: questions.map((q, j) => (j === question ? { ...q, ...change } : q)),
  });
}

/** A new section at the end, with one empty question to fill in. */
export const addSection = (d: TQuestionSetDraft): TQuestionSetDraft => ({
  ...d,
  sections: [...d.sections, emptySection()],
});

/** Removes a section and its questions (the last one too: the schema then asks for one). */
export function removeSection(d: TQuestionSetDraft, section: number): TQuestionSetDraft {
  if (!inRange(d.sections, section)) return d;
  return { ...d, sections: d.sections.filter((_, i) => i !== section) };
}

/** A new empty question at the end of a section. */
export function addQuestion(d: TQuestionSetDraft, section: number): TQuestionSetDraft {
  const s = d.sections[section];
  return s ? editSection(d, section, { questions: [...s.questions, emptyQuestion()] }) : d;
}

export function removeQuestion(
  d: TQuestionSetDraft,
  { section, question }: TQuestionPlace,
): TQuestionSetDraft {
  const s = d.sections[section];
  if (!s || !inRange(s.questions, question)) return d;
  return editSection(d, section, { questions: s.questions.filter((_, j) => j !== question) });
}

/** Moves a section to another position (the others shift). */
export function moveSection(d: TQuestionSetDraft, from: number, to: number): TQuestionSetDraft {
  if (from === to || !inRange(d.sections, from) || !inRange(d.sections, to)) return d;
  return { ...d, sections: moved(d.sections, from, to) };
}

/**
 * Moves a question to the place of another one, in its own section or in another (a drag may
 * cross sections; the 'Lên' / 'Xuống' buttons stay in theirs). In another section the question is
 * inserted before the one it was dropped on.
 */
export function moveQuestion(
  d: TQuestionSetDraft,
  from: TQuestionPlace,
  to: TQuestionPlace,
): TQuestionSetDraft {
  const source = d.sections[from.section];
  const target = d.sections[to.section];
  if (
    !source ||
    !target ||
    !inRange(source.questions, from.question) ||
    !inRange(target.questions, to.question)
  )
    return d;
  if (from.section === to.section)
    return from.question === to.question
      ? d
      : editSection(d, from.section, { questions: moved(source.questions, from.question, to.question) });
  const sections = d.sections.map((s) => ({ ...s, questions: s.questions.slice() }));
  const [q] = sections[from.section]!.questions.splice(from.question, 1);
  sections[to.section]!.questions.splice(to.question, 0, q!);
  return { ...d, sections };
}
