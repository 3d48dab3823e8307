import { GripVertical, Trash2 } from 'lucide-react';
import { buttonSecondary } from '../../../components/ui/buttons';
import { FieldError, fieldAria } from '../../../components/ui/field';
import type { TQuestionSetReorder } from '../hooks/use-question-set-reorder';
import {
  editQuestion,
  removeQuestion,
  type TDraftQuestion,
  type TQuestionSetDraft,
} from '../lib/question-set-draft';
import { inputClass } from '../../../components/ui/input-class';
import { QuestionSetMoveButtons } from './question-set-move-buttons';

/** What every part of the questionnaire editor needs to show its inputs and change the draft. */
export type TQuestionSetEditing = {
  /** The editor's own id, the start of every input's id. */
  idBase: string;
  readOnly: boolean;
  /** Applies a change (a function of lib/question-set-draft.ts) to the form's draft. */
  change: (fn: (d: TQuestionSetDraft) => TQuestionSetDraft) => void;
  /** The form's message for a path of the request ('sections.0.name' …), once it was submitted. */
  errorAt: (path: string) => string | undefined;
};

/**
 * One question of a section: its text, whether a 'Có' answer may carry a detail, its move buttons
 * and drag handle, and its removal. The labels number it within its section ('Câu hỏi 2 của phần
 * 1'), so they change as it moves.
 */
export function QuestionSetQuestion({
  question: q,
  section,
  index,
  count,
  editing: { idBase, readOnly, change, errorAt, reorder },
}: {
  question: TDraftQuestion;
  section: number;
  index: number;
  count: number;
  editing: TQuestionSetEditing & { reorder: TQuestionSetReorder };
}) {
  const place = { section, question: index };
  const qId = `${idBase}-q-${q.key}`;
  const error = errorAt(`sections.${section}.questions.${index}.content`);
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
      {...reorder.dropTarget({ kind: 'question', ...place })}
    >
      <div className="flex items-end gap-2">
        {!readOnly && (
          <span
            {...reorder.dragHandle({ kind: 'question', ...place })}
            title="Kéo để đổi thứ tự câu hỏi"
            className="mb-2 cursor-grab text-slate-500"
          >
            <GripVertical aria-hidden className="size-5" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={`${qId}-content`} className="mb-1 block text-sm font-medium text-slate-700">
            Câu hỏi {index + 1} của phần {section + 1}
          </label>
          <input
            {...fieldAria(`${qId}-content`, error, true)}
            value={q.content}
            onChange={(e) => change((d) => editQuestion(d, place, { content: e.target.value }))}
            disabled={readOnly}
            className={inputClass}
          />
        </div>
        {!readOnly && (
          <QuestionSetMoveButtons
            label={`câu hỏi ${index + 1} của phần ${section + 1}`}
            index={index}
            count={count}
            idBase={qId}
            onMove={(to, buttonId) => reorder.moveQuestion(place, { section, question: to }, buttonId)}
          />
        )}
      </div>
      <FieldError id={`${qId}-content-error`} message={error} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="inline-flex min-h-11 items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            className="size-5"
            checked={q.hasDetail}
            disabled={readOnly}
            onChange={(e) => change((d) => editQuestion(d, place, { hasDetail: e.target.checked }))}
          />
          Cho phép ghi chi tiết khi trả lời Có
        </label>
        {!readOnly && (
          <button
            type="button"
            className={`${buttonSecondary} px-3`}
            onClick={() => change((d) => removeQuestion(d, place))}
          >
            <Trash2 aria-hidden className="size-5" />
            Xóa
            <span className="sr-only">
              {' '}
              câu hỏi {index + 1} của phần {section + 1}
            </span>
          </button>
        )}
      </div>
    </li>
  );
}
