import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { buttonSecondary } from '../../../components/ui/buttons';
import { FieldError, fieldAria } from '../../../components/ui/field';
import type { TQuestionSetReorder } from '../hooks/use-question-set-reorder';
import { addQuestion, editSection, removeSection, type TDraftSection } from '../lib/question-set-draft';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { QuestionSetMoveButtons } from './question-set-move-buttons';
import { QuestionSetQuestion, type TQuestionSetEditing } from './question-set-question';

/** One section of the questionnaire: its name, its questions, and what can be done to both. */
export function QuestionSetSection({
  section,
  index: i,
  count,
  editing,
  reorder,
}: {
  section: TDraftSection;
  index: number;
  count: number;
  editing: TQuestionSetEditing;
  reorder: TQuestionSetReorder;
}) {
  const { idBase, readOnly, change, errorAt } = editing;
  const sId = `${idBase}-s-${section.key}`;
  const nameError = errorAt(`sections.${i}.name`);
  const questionsError = errorAt(`sections.${i}.questions`);
  return (
    <li
      className={`${cardClass} flex flex-col gap-3`}
      {...reorder.dropTarget({ kind: 'section', section: i })}
    >
      <div className="flex items-end gap-2">
        {!readOnly && (
          <span
            {...reorder.dragHandle({ kind: 'section', section: i })}
            title="Kéo để đổi thứ tự phần"
            className="mb-2 cursor-grab text-slate-500"
          >
            <GripVertical aria-hidden className="size-5" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <label htmlFor={`${sId}-name`} className="mb-1 block text-sm font-medium text-slate-700">
            Tên phần {i + 1}
          </label>
          <input
            {...fieldAria(`${sId}-name`, nameError, true)}
            value={section.name}
            onChange={(e) => change((d) => editSection(d, i, { name: e.target.value }))}
            disabled={readOnly}
            className={inputClass}
          />
        </div>
        {!readOnly && (
          <QuestionSetMoveButtons
            label={`phần ${i + 1}${section.name ? ` "${section.name}"` : ''}`}
            index={i}
            count={count}
            idBase={sId}
            onMove={(to, buttonId) => reorder.moveSection(i, to, buttonId)}
          />
        )}
      </div>
      <FieldError id={`${sId}-name-error`} message={nameError} />
      <ol className="flex flex-col gap-2 sm:pl-6" aria-label={`Câu hỏi của phần ${i + 1}`}>
        {section.questions.map((q, j) => (
          <QuestionSetQuestion
            key={q.key}
            question={q}
            section={i}
            index={j}
            count={section.questions.length}
            editing={{ ...editing, reorder }}
          />
        ))}
      </ol>
      <FieldError id={`${sId}-questions-error`} message={questionsError} />
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonSecondary} onClick={() => change((d) => addQuestion(d, i))}>
            <Plus aria-hidden className="size-5" />
            Thêm câu hỏi<span className="sr-only"> vào phần {i + 1}</span>
          </button>
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => change((d) => removeSection(d, i))}
          >
            <Trash2 aria-hidden className="size-5" />
            Xóa phần<span className="sr-only"> {i + 1}</span>
          </button>
        </div>
      )}
    </li>
  );
}
