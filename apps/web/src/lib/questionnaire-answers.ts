import type { TAppointmentAnswerSection } from '@giot-hong/contract';

/** A questionnaire answer in words. */
export const answerLabel = (answer: boolean) => (answer ? 'Có' : 'Không');

export type TYesAnswer = { id: number; section: string; content: string; detail: string | null };

/**
 * The answers 'Có', in questionnaire order, each with its section's name: what staff must read
 * first when they open a donor's answers (the rest were 'Không').
 */
export function yesAnswers(sections: readonly TAppointmentAnswerSection[]): TYesAnswer[] {
  return [...sections]
    .sort((a, b) => a.order - b.order)
    .flatMap((s) =>
      s.answers
        .filter((a) => a.answer)
        .map((a) => ({ id: a.id, section: s.name, content: a.content, detail: a.detail })),
    );
}
