import { useRef, useState, type DragEvent } from 'react';
import {
  moveQuestion,
  moveSection,
  type TQuestionPlace,
  type TQuestionSetDraft,
} from '../lib/question-set-draft';

/** What is being dragged: a section by its index, or a question by its place. */
type TDragItem = { kind: 'section'; section: number } | ({ kind: 'question' } & TQuestionPlace);

/**
 * The questionnaire editor's reordering, by dragging a handle or by the 'Lên' / 'Xuống' buttons.
 * A button move keeps the focus on the button pressed (found again by its id once React has
 * re-rendered the moved item; the other button of the pair when it became disabled at an end), and
 * every move is announced to screen readers through `announcement` (a polite live region).
 * `change` applies a new draft to the form.
 */
export function useQuestionSetReorder(draft: TQuestionSetDraft, change: (next: TQuestionSetDraft) => void) {
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<TDragItem | null>(null);

  /** Puts the focus back on a move button after React re-renders the moved item. */
  const refocus = (buttonId: string) =>
    requestAnimationFrame(() => {
      const button = document.getElementById(buttonId) as HTMLButtonElement | null;
      if (button && !button.disabled) button.focus();
      else button?.closest('li')?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
    });

  const sectionTo = (from: number, to: number, buttonId?: string) => {
    const next = moveSection(draft, from, to);
    if (next === draft) return;
    change(next);
    setAnnouncement(`Đã chuyển phần "${draft.sections[from]!.name || from + 1}" đến vị trí ${to + 1}`);
    if (buttonId) refocus(buttonId);
  };
  const questionTo = (from: TQuestionPlace, to: TQuestionPlace, buttonId?: string) => {
    const next = moveQuestion(draft, from, to);
    if (next === draft) return;
    change(next);
    setAnnouncement(
      from.section === to.section
        ? `Đã chuyển câu hỏi đến vị trí ${to.question + 1} trong phần ${to.section + 1}`
        : `Đã chuyển câu hỏi sang phần ${to.section + 1}`,
    );
    if (buttonId) refocus(buttonId);
  };

  return {
    announcement,
    /** Moves a section (`buttonId`: the move button pressed, which keeps the focus). */
    moveSection: sectionTo,
    /** Moves a question inside its section or into another one. */
    moveQuestion: questionTo,
    /** Props of a drag handle (native drag and drop). */
    dragHandle: (item: TDragItem) => ({
      draggable: true,
      onDragStart: (e: DragEvent) => {
        dragged.current = item;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', item.kind);
      },
    }),
    /** Props of a drop target: a section accepts a section, a question a question (of any section). */
    dropTarget: (target: TDragItem) => ({
      onDragOver: (e: DragEvent) => {
        if (dragged.current?.kind === target.kind) e.preventDefault();
      },
      onDrop: (e: DragEvent) => {
        e.preventDefault();
        e.stopPropagation();
        const from = dragged.current;
        dragged.current = null;
        if (from?.kind === 'section' && target.kind === 'section') sectionTo(from.section, target.section);
        if (from?.kind === 'question' && target.kind === 'question') questionTo(from, target);
      },
    }),
  };
}

export type TQuestionSetReorder = ReturnType<typeof useQuestionSetReorder>;
