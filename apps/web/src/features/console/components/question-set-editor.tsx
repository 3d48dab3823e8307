import { zodResolver } from '@hookform/resolvers/zod';
import {
  QUESTION_SET_MESSAGES as M,
  type TAdminQuestionSetDetail,
  type TQuestionSetRequest,
} from '@giot-hong/contract';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { get, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { Field, FieldError, fieldAria } from '../../../components/ui/field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { applyServerErrors } from '../../../lib/api-errors';
import { consolePaths } from '../../../lib/paths';
import { useSaveQuestionSet } from '../api/save-question-set';
import { useQuestionSetReorder } from '../hooks/use-question-set-reorder';
import {
  ZQuestionSetDraft,
  addSection,
  draftErrors,
  draftOf,
  type TQuestionSetDraft,
} from '../lib/question-set-draft';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';
import type { TQuestionSetEditing } from './question-set-question';
import { QuestionSetSection } from './question-set-section';

/**
 * Sections and questions of a questionnaire, each reordered by dragging its handle or by its
 * 'Lên' / 'Xuống' buttons (keyboard): after a move the focus stays on the button pressed and the
 * new position is announced. `readOnly`: a superseded version, shown as it is.
 *
 * The form's value is the whole draft (lib/question-set-draft.ts); its inputs are controlled and
 * every change replaces the draft through that module's functions, since adding, removing and
 * moving items would leave react-hook-form's registered inputs bound to the wrong index. The
 * contract's schema (`zodResolver`, keys stripped) checks it at the first save, then at every change.
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
  const form = useForm<TQuestionSetDraft, unknown, TQuestionSetRequest>({
    resolver: zodResolver(ZQuestionSetDraft),
    defaultValues: draftOf(set),
    // The focus goes to the first invalid input of the page (below): no input is registered.
    shouldFocusError: false,
  });
  const { errors, isDirty, isSubmitted } = form.formState;
  const unsaved = useUnsavedChanges(!readOnly && isDirty);
  const [name, sections] = useWatch({ control: form.control, name: ['name', 'sections'] });
  const draft: TQuestionSetDraft = { name, sections };

  /** Replaces the draft; once a save was tried, the messages follow every change. */
  const change = (next: TQuestionSetDraft) => {
    const current = form.getValues();
    if (next.name !== current.name) form.setValue('name', next.name, { shouldDirty: true });
    if (next.sections !== current.sections) form.setValue('sections', next.sections, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger();
  };
  const reorder = useQuestionSetReorder(draft, change);
  const editing: TQuestionSetEditing = {
    idBase: id,
    readOnly,
    change: (fn) => change(fn(form.getValues())),
    errorAt: (path) =>
      isSubmitted ? (get(errors, path) as { message?: string } | undefined)?.message : undefined,
  };

  const submit = form.handleSubmit(
    (request) =>
      save.mutate(request, {
        onSuccess: (res) => {
          toast.success(res.message, { description: res.data.name });
          // What was saved is the new starting point: no unsaved changes until the next edit.
          form.reset(form.getValues(), { keepIsSubmitted: true });
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
        onError: (err) => applyServerErrors(err, form.setError, ['name']),
      }),
    () => {
      // The first invalid input (in the page's order) gets the focus; the toast names the first problem.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[data-editor="${id}"] [aria-invalid="true"]`)?.focus(),
      );
      toast.error('Chưa thể lưu', { description: [...draftErrors(form.getValues()).values()][0] });
    },
  );

  const nameId = `${id}-name`;
  const nameError = editing.errorAt('name');
  const sectionsError = editing.errorAt('sections');
  return (
    <form onSubmit={submit} noValidate data-editor={id} className="flex flex-col gap-4">
      <p aria-live="polite" className="sr-only">
        {reorder.announcement}
      </p>
      <div className={cardClass}>
        <Field id={nameId} label="Tên bộ câu hỏi" error={nameError}>
          <input
            {...fieldAria(nameId, nameError, true)}
            value={draft.name}
            onChange={(e) => editing.change((d) => ({ ...d, name: e.target.value }))}
            disabled={readOnly}
            maxLength={250}
            className={inputClass}
          />
        </Field>
      </div>
      {sectionsError && <FieldError id={`${id}-sections-error`} message={sectionsError} />}
      <ol className="flex flex-col gap-4">
        {draft.sections.map((section, i) => (
          <QuestionSetSection
            key={section.key}
            section={section}
            index={i}
            count={draft.sections.length}
            editing={editing}
            reorder={reorder}
          />
        ))}
      </ol>
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonSecondary} onClick={() => editing.change(addSection)}>
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
