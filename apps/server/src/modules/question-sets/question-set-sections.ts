/** A question set's rows as the repositories read them: each section with one question (or none). */
export type SectionRow = {
  section: { id: number; name: string; order: number };
  question: { id: number; order: number; content: string; hasDetail: boolean } | null;
};

export type SectionWithQuestions = {
  id: number;
  name: string;
  order: number;
  questions: { id: number; order: number; content: string; hasDetail: boolean }[];
};

/**
 * Groups ordered section/question rows into sections with their questions, as the donor's
 * questionnaire and the staff editor both show them. The rows come sorted by section then
 * question, so a new section starts whenever the section id changes.
 */
export function groupSections(rows: readonly SectionRow[]): SectionWithQuestions[] {
  const sections: SectionWithQuestions[] = [];
  for (const { section, question } of rows) {
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
  return sections;
}
