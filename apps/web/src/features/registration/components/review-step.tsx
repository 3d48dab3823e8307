import {
  CONSENT_VERSIONS,
  HEALTH_CONSENT_NOTICE,
  REGISTRATION_MESSAGES,
  type TQuestionSet,
  type TSavedAnswer,
  type TSlot,
} from '@giot-hong/contract';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { LoadingView } from '../../../components/ui/loading-view';
import { useSavedAnswers } from '../api/get-saved-answers';
import { useSubmitAnswers } from '../api/submit-answers';
import { buildSubmission, type AnswerMap } from '../lib/questionnaire';
import type { WizardCampaign } from '../lib/wizard-entry';
import { CampaignSummary } from './campaign-summary';
import { Button, StepHeading } from './controls';
import { errorStatus, serverMessage } from '../../../lib/api-errors';

type Row = { id: number; content: string; answer: 'true' | 'false'; detail: string | null };
type Group = { key: string; name: string | null; rows: Row[] };

const answerLabel = (a: 'true' | 'false') => (a === 'true' ? 'Có' : 'Không');

/** The donor's answers grouped by the set's sections. */
function groupsFromAnswers(set: TQuestionSet, answers: AnswerMap): Group[] {
  return set.sections
    .map((s) => ({
      key: `s${s.id}`,
      name: s.name,
      rows: s.questions.flatMap((q) => {
        const a = answers[q.id];
        if (!a) return [];
        return [
          {
            id: q.id,
            content: q.content,
            answer: a.answer,
            detail: q.hasDetail && a.answer === 'true' ? a.detail.trim() || null : null,
          },
        ];
      }),
    }))
    .filter((g) => g.rows.length > 0);
}

/** Saved answers, by the set's sections when the question is in it, else in question order. */
function groupsFromSaved(set: TQuestionSet | undefined, saved: TSavedAnswer[]): Group[] {
  const byQuestion = new Map(saved.map((a) => [a.questionId, a]));
  const toRow = (a: TSavedAnswer): Row => ({
    id: a.questionId,
    content: a.questionInfo.content,
    answer: a.answer,
    detail: a.detail,
  });
  const groups: Group[] = [];
  const placed = new Set<number>();
  for (const s of set?.sections ?? []) {
    const rows = s.questions.flatMap((q) => {
      const a = byQuestion.get(q.id);
      if (!a) return [];
      placed.add(q.id);
      return [toRow(a)];
    });
    if (rows.length) groups.push({ key: `s${s.id}`, name: s.name, rows });
  }
  const rest = saved
    .filter((a) => !placed.has(a.questionId))
    .sort((a, b) => a.questionInfo.order - b.questionInfo.order);
  if (rest.length) groups.push({ key: 'rest', name: null, rows: rest.map(toRow) });
  return groups;
}

/**
 * Step 2: confirm. A donor already registered for the campaign sees the saved answers read-only
 * with 'Đã đăng ký' and 'Đóng'; otherwise the answers just given and the submit button.
 */
export function ReviewStep({
  campaign,
  questionSet,
  answers,
  slot,
  onBack,
  onDone,
}: {
  campaign: WizardCampaign;
  questionSet: TQuestionSet | undefined;
  answers: AnswerMap;
  /** The slot chosen in step 0; without one the server gives the earliest slot with a place. */
  slot: TSlot | undefined;
  onBack: () => void;
  onDone: (submitted: boolean) => void;
}) {
  const saved = useSavedAnswers(campaign.id);
  const submit = useSubmitAnswers();

  useEffect(() => {
    if (saved.isError) toast.error('Lỗi', { description: 'Không thể tải dữ liệu. Vui lòng thử lại sau.' });
  }, [saved.isError]);

  const alreadyRegistered = (saved.data?.length ?? 0) > 0;

  async function confirm() {
    if (!questionSet) return;
    try {
      await submit.mutateAsync({
        ...buildSubmission(campaign.id, questionSet, answers),
        ...(slot ? { slotStart: slot.start } : {}),
        // The notice above the button is the agreement; the server records it at this version.
        healthConsentVersion: CONSENT_VERSIONS.HEALTH_DATA,
      });
      toast.success(REGISTRATION_MESSAGES.submitSuccessTitle, {
        description: REGISTRATION_MESSAGES.submitSuccess,
      });
      onDone(true);
    } catch (err) {
      // A refusal carries the server's Vietnamese message; no answer at all gets the generic failure text.
      const description = errorStatus(err)
        ? serverMessage(err) || REGISTRATION_MESSAGES.submitFailed
        : `${REGISTRATION_MESSAGES.submitFailed}. Vui lòng thử lại sau.`;
      toast.error('Có lỗi xảy ra', { description });
    }
  }

  return (
    <section aria-labelledby="registration-step-heading" className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <StepHeading>Xác nhận thông tin</StepHeading>
        {alreadyRegistered && (
          <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800">
            Đã đăng ký
          </span>
        )}
      </div>
      <CampaignSummary campaign={campaign} slot={alreadyRegistered ? undefined : (slot ?? null)} />
      {saved.isPending ? (
        <LoadingView />
      ) : (
        <>
          <p className="text-slate-700">
            {alreadyRegistered
              ? 'Bạn đã đăng ký chiến dịch này với các câu trả lời dưới đây.'
              : 'Vui lòng kiểm tra lại các câu trả lời trước khi xác nhận đăng ký.'}
          </p>
          <AnswerGroups
            groups={
              alreadyRegistered
                ? groupsFromSaved(questionSet, saved.data ?? [])
                : questionSet
                  ? groupsFromAnswers(questionSet, answers)
                  : []
            }
          />
          {!alreadyRegistered && <p className="text-sm text-slate-700">{HEALTH_CONSENT_NOTICE}</p>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            {alreadyRegistered ? (
              <>
                <span />
                <Button onClick={() => onDone(false)}>Đóng</Button>
              </>
            ) : (
              <>
                <Button variant="secondary" onClick={onBack} disabled={submit.isPending}>
                  Quay lại
                </Button>
                <Button onClick={() => void confirm()} disabled={submit.isPending || !questionSet}>
                  {submit.isPending ? 'Đang xử lý...' : 'Xác nhận đăng ký'}
                </Button>
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function AnswerGroups({ groups }: { groups: Group[] }) {
  return (
    <div className="space-y-5" data-testid="review-answers">
      {groups.map((g) => (
        <div key={g.key} className="space-y-2">
          {g.name && <h3 className="font-semibold text-brand-800">{g.name}</h3>}
          <dl className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {g.rows.map((r) => (
              <div key={r.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:gap-4">
                <dt className="text-slate-800">{r.content}</dt>
                <dd className={`font-semibold ${r.answer === 'true' ? 'text-brand-700' : 'text-slate-700'}`}>
                  {answerLabel(r.answer)}
                </dd>
                {r.detail && <dd className="text-sm text-slate-600 sm:col-span-2">Chi tiết: {r.detail}</dd>}
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
