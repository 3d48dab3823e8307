import {
  QUESTION_SET_MESSAGES as M,
  ZQuestionSetRequest,
  type TAdminQuestionSetDetail,
  type TQuestionSetRequest,
} from '@giot-hong/contract';
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { consolePaths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/api-errors';
import { FieldError, fieldAria } from '../../../components/ui/field';
import { useSaveQuestionSet } from '../api/save-question-set';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';

type DraftQuestion = { key: string; content: string; hasDetail: boolean };
type DraftSection = { key: string; name: string; questions: DraftQuestion[] };
type Draft = { name: string; sections: DraftSection[] };

let nextKey = 0;
const newKey = () => `k${++nextKey}`;
const emptyQuestion = (): DraftQuestion => ({ key: newKey(), content: '', hasDetail: false });
const emptySection = (): DraftSection => ({ key: newKey(), name: '', questions: [emptyQuestion()] });

function draftOf(set?: TAdminQuestionSetDetail): Draft {
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

const toRequest = (d: Draft): TQuestionSetRequest => ({
  name: d.name,
  sections: d.sections.map((s) => ({
    name: s.name,
    questions: s.questions.map((q) => ({ content: q.content, hasDetail: q.hasDetail })),
  })),
});

/** The contract's messages by path: 'name', 'sections', 'sections.0.name', 'sections.0.questions.1.content' … */
function errorsOf(d: Draft): Map<string, string> {
  const parsed = ZQuestionSetRequest.safeParse(toRequest(d));
  const errors = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!errors.has(path)) errors.set(path, issue.message);
    }
  return errors;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

type DragItem =
  { kind: 'section'; section: number } | { kind: 'question'; section: number; question: number };

/**
 * Sections and questions of a questionnaire, each reordered by dragging its handle or by its
 * 'Lên' / 'Xuống' buttons (keyboard): after a move the focus stays on the button pressed and the
 * new position is announced. `readOnly`: a superseded version, shown as it is.
 */
export function QuestionSetEditor({
  set,
  readOnly = false,
}: {
  set?: TAdminQuestionSetDetail;
  readOnly?: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const save = useSaveQuestionSet(set?.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(set));
  // What was last saved (or loaded): the draft differs from it while there are unsaved changes.
  const [baseline, setBaseline] = useState(() => JSON.stringify(toRequest(draftOf(set))));
  const unsaved = useUnsavedChanges(!readOnly && JSON.stringify(toRequest(draft)) !== baseline);
  const [submitted, setSubmitted] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<DragItem | null>(null);
  const errors = submitted ? errorsOf(draft) : new Map<string, string>();

  /** Puts the focus back on a move button after React re-renders the moved item. */
  const refocus = (buttonId: string) =>
    requestAnimationFrame(() => {
      const button = document.getElementById(buttonId) as HTMLButtonElement | null;
      if (button && !button.disabled) button.focus();
      else button?.closest('li')?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
    });

  const update = (fn: (d: Draft) => Draft) => setDraft((d) => fn(d));
  const setSection = (i: number, fn: (s: DraftSection) => DraftSection) =>
    update((d) => ({ ...d, sections: d.sections.map((s, k) => (k === i ? fn(s) : s)) }));
  const setQuestion = (i: number, j: number, fn: (q: DraftQuestion) => DraftQuestion) =>
    setSection(i, (s) => ({ ...s, questions: s.questions.map((q, k) => (k === j ? fn(q) : q)) }));

  const moveSection = (from: number, to: number, buttonId?: string) => {
    if (to < 0 || to >= draft.sections.length || from === to) return;
    update((d) => ({ ...d, sections: move(d.sections, from, to) }));
    setAnnouncement(`Đã chuyển phần "${draft.sections[from]!.name || from + 1}" đến vị trí ${to + 1}`);
    if (buttonId) refocus(buttonId);
  };
  const moveQuestion = (section: number, from: number, to: number, buttonId?: string) => {
    const questions = draft.sections[section]!.questions;
    if (to < 0 || to >= questions.length || from === to) return;
    setSection(section, (s) => ({ ...s, questions: move(s.questions, from, to) }));
    setAnnouncement(`Đã chuyển câu hỏi đến vị trí ${to + 1} trong phần ${section + 1}`);
    if (buttonId) refocus(buttonId);
  };

  // Native drag: a section onto a section, a question onto a question (of any section).
  const onDragStart = (item: DragItem) => (e: DragEvent) => {
    dragged.current = item;
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData('text/plain', item.kind);
  };
  const onDragOver = (kind: DragItem['kind']) => (e: DragEvent) => {
    if (dragged.current?.kind === kind) e.preventDefault();
  };
  const onDrop = (target: DragItem) => (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const from = dragged.current;
    dragged.current = null;
    if (!from || from.kind !== target.kind) return;
    if (from.kind === 'section') return moveSection(from.section, target.section);
    if (target.kind !== 'question') return;
    if (from.section === target.section) return moveQuestion(from.section, from.question, target.question);
    update((d) => {
      const sections = d.sections.map((s) => ({ ...s, questions: s.questions.slice() }));
      const [q] = sections[from.section]!.questions.splice(from.question, 1);
      sections[target.section]!.questions.splice(target.question, 0, q!);
      return { ...d, sections };
    });
    setAnnouncement(`Đã chuyển câu hỏi sang phần ${target.section + 1}`);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const found = errorsOf(draft);
    if (found.size > 0) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-editor="${id}"] [aria-invalid="true"]`)?.focus(),
      );
      toast.error('Chưa thể lưu', { description: [...found.values()][0] });
      return;
    }
    save.mutate(toRequest(draft), {
      onSuccess: (res) => {
        toast.success(res.message, { description: res.data.name });
        setBaseline(JSON.stringify(toRequest(draft)));
        // A new questionnaire, or a new version (the old one had answers): its own page, which
        // offers to move the open campaigns still on the old version (`newVersion`).
        if (res.data.id !== set?.id)
          unsaved.leaveWithoutAsking(() =>
            navigate(consolePaths.questionSet(res.data.id), {
              replace: !set,
              state: set ? { newVersion: true } : undefined,
            }),
          );
      },
      onError: (err) => toast.error('Không thể lưu', { description: errorMessage(err) }),
    });
  };

  const moveButtons = (
    label: string,
    index: number,
    count: number,
    onMove: (to: number, buttonId: string) => void,
    idBase: string,
  ) =>
    readOnly ? null : (
      <div className="flex shrink-0 gap-1">
        <button
          type="button"
          id={`${idBase}-up`}
          className={`${buttonSecondary} px-2`}
          disabled={index === 0}
          onClick={() => onMove(index - 1, `${idBase}-up`)}
          aria-label={`Chuyển ${label} lên`}
        >
          <ArrowUp aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          id={`${idBase}-down`}
          className={`${buttonSecondary} px-2`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1, `${idBase}-down`)}
          aria-label={`Chuyển ${label} xuống`}
        >
          <ArrowDown aria-hidden className="size-5" />
        </button>
      </div>
    );

  const nameId = `${id}-name`;
  const nameError = errors.get('name');
  return (
    <form onSubmit={submit} noValidate data-editor={id} className="flex flex-col gap-4">
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className={cardClass}>
        <label htmlFor={nameId} className="mb-1 block text-sm font-medium text-slate-700">
          Tên bộ câu hỏi
        </label>
        <input
          {...fieldAria(nameId, nameError, true)}
          value={draft.name}
          onChange={(e) => update((d) => ({ ...d, name: e.target.value }))}
          disabled={readOnly}
          maxLength={250}
          className={inputClass}
        />
        <FieldError id={`${nameId}-error`} message={nameError} />
      </div>
      {errors.get('sections') && <FieldError id={`${id}-sections-error`} message={errors.get('sections')} />}
      <ol className="flex flex-col gap-4">
        {draft.sections.map((section, i) => {
          const sectionLabel = `phần ${i + 1}${section.name ? ` "${section.name}"` : ''}`;
          const sId = `${id}-s-${section.key}`;
          const sError = errors.get(`sections.${i}.name`);
          const qsError = errors.get(`sections.${i}.questions`);
          return (
            <li
              key={section.key}
              className={`${cardClass} flex flex-col gap-3`}
              onDragOver={onDragOver('section')}
              onDrop={onDrop({ kind: 'section', section: i })}
            >
              <div className="flex items-end gap-2">
                {!readOnly && (
                  <span
                    draggable
                    onDragStart={onDragStart({ kind: 'section', section: i })}
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
                    {...fieldAria(`${sId}-name`, sError, true)}
                    value={section.name}
                    onChange={(e) => setSection(i, (s) => ({ ...s, name: e.target.value }))}
                    disabled={readOnly}
                    className={inputClass}
                  />
                </div>
                {moveButtons(sectionLabel, i, draft.sections.length, (to, b) => moveSection(i, to, b), sId)}
              </div>
              <FieldError id={`${sId}-name-error`} message={sError} />
              <ol className="flex flex-col gap-2 sm:pl-6" aria-label={`Câu hỏi của phần ${i + 1}`}>
                {section.questions.map((q, j) => {
                  const qId = `${id}-q-${q.key}`;
                  const qError = errors.get(`sections.${i}.questions.${j}.content`);
                  return (
                    <li
                      key={q.key}
                      className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
                      onDragOver={onDragOver('question')}
                      onDrop={onDrop({ kind: 'question', section: i, question: j })}
                    >
                      <div className="flex items-end gap-2">
                        {!readOnly && (
                          <span
                            draggable
                            onDragStart={onDragStart({ kind: 'question', section: i, question: j })}
                            title="Kéo để đổi thứ tự câu hỏi"
                            className="mb-2 cursor-grab text-slate-500"
                          >
                            <GripVertical aria-hidden className="size-5" />
                          </span>
                        )}
                        <div className="min-w-0 flex-1">
                          <label
                            htmlFor={`${qId}-content`}
                            className="mb-1 block text-sm font-medium text-slate-700"
                          >
                            Câu hỏi {j + 1} của phần {i + 1}
                          </label>
                          <input
                            {...fieldAria(`${qId}-content`, qError, true)}
                            value={q.content}
                            onChange={(e) => setQuestion(i, j, (x) => ({ ...x, content: e.target.value }))}
                            disabled={readOnly}
                            className={inputClass}
                          />
                        </div>
                        {moveButtons(
                          `câu hỏi ${j + 1} của phần ${i + 1}`,
                          j,
                          section.questions.length,
                          (to, b) => moveQuestion(i, j, to, b),
                          qId,
                        )}
                      </div>
                      <FieldError id={`${qId}-content-error`} message={qError} />
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <label className="inline-flex min-h-11 items-center gap-2 text-slate-800">
                          <input
                            type="checkbox"
                            className="size-5"
                            checked={q.hasDetail}
                            disabled={readOnly}
                            onChange={(e) =>
                              setQuestion(i, j, (x) => ({ ...x, hasDetail: e.target.checked }))
                            }
                          />
                          Cho phép ghi chi tiết khi trả lời Có
                        </label>
                        {!readOnly && (
                          <button
                            type="button"
                            className={`${buttonSecondary} px-3`}
                            onClick={() =>
                              setSection(i, (s) => ({
                                ...s,
                                questions: s.questions.filter((_, k) => k !== j),
                              }))
                            }
                          >
                            <Trash2 aria-hidden className="size-5" />
                            Xóa
                            <span className="sr-only">
                              {' '}
                              câu hỏi {j + 1} của phần {i + 1}
                            </span>
                          </button>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ol>
              <FieldError id={`${sId}-questions-error`} message={qsError} />
              {!readOnly && (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonSecondary}
                    onClick={() =>
                      setSection(i, (s) => ({ ...s, questions: [...s.questions, emptyQuestion()] }))
                    }
                  >
                    <Plus aria-hidden className="size-5" />
                    Thêm câu hỏi<span className="sr-only"> vào phần {i + 1}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonSecondary}
                    onClick={() => update((d) => ({ ...d, sections: d.sections.filter((_, k) => k !== i) }))}
                  >
                    <Trash2 aria-hidden className="size-5" />
                    Xóa phần<span className="sr-only"> {i + 1}</span>
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => update((d) => ({ ...d, sections: [...d.sections, emptySection()] }))}
          >
            <Plus aria-hidden className="size-5" />
            Thêm phần
          </button>
          <button type="submit" className={buttonPrimary} disabled={save.isPending}>
            {save.isPending ? 'Đang lưu…' : 'Lưu bộ câu hỏi'}
          </button>
        </div>
      )}
      {set?.answered && !readOnly && <p className="text-sm text-slate-700">{ANSWERED_NOTE(set.version)}</p>}
    </form>
  );
}

/** Said on an answered latest version: saving stores the next one. */
const ANSWERED_NOTE = (version: number) =>
  `Đã có người trả lời ${M.versionLabel(version)}: khi lưu, thay đổi được lưu thành ${M.versionLabel(version + 1)}; các câu trả lời đã có giữ nguyên câu hỏi cũ.`;
