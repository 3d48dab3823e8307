import { foldVietnamese } from '@giot-hong/contract';
import type { FaqAnswer, FaqCategory } from '../data/faq-content';

/** Everything a visitor can read in an answer, as one string. */
export function answerText(a: FaqAnswer): string {
  return [...(a.paragraphs ?? []), ...(a.list ?? []), ...(a.after ?? [])].join(' ');
}

/**
 * The categories with only the questions whose question or answer contains the search text,
 * ignoring case and diacritics ('hien mau' matches 'Hiến máu'); empty categories are dropped.
 */
export function filterFaq(categories: FaqCategory[], search: string): FaqCategory[] {
  const needle = foldVietnamese(search);
  if (!needle) return categories;
  return categories
    .map((c) => ({
      ...c,
      questions: c.questions.filter((q) =>
        foldVietnamese(`${q.question} ${answerText(q.answer)}`).includes(needle),
      ),
    }))
    .filter((c) => c.questions.length > 0);
}
