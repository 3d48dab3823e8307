import { REGISTRATION_STATUS, type TQuestionSection, type TQuestionSet } from '@giot-hong/contract';
import { useRef, useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { InvalidQuestionSetError, useQuestionSet } from '../api/get-question-set';
import { useRegistrationCheck } from '../api/get-registration-check';
import type { WizardCampaign } from '../lib/wizard-entry';
import {
  answerAllMessage,
  questionnaireProgress,
  setDetail,
  toggleAnswer,
  type AnswerMap,
} from '../lib/questionnaire';
import { CampaignSummary } from './campaign-summary';
import { Button, ErrorCard, StepHeading } from './controls';
import { RegistrationCheckDialog } from './registration-check-dialog';
import { errorMessage } from '../../../lib/api-errors';

type Props = {
  campaign: WizardCampaign;
  answers: AnswerMap;
  onAnswersChange: (answers: AnswerMap) => void;
  onBack: () => void;
  onNext: (set: TQuestionSet) => void;
  /** The check refused (dialog closed): back to the campaign list and home. */
  onRefusalClosed: () => void;
  onRefusalAction: (href: string) => void;
};

/**
 * Step 1: the registration check first (a refusal opens the dialog), then the health
 * questionnaire. 'Tiếp tục' only when every question is answered.
 */
export function QuestionnaireStep(props: Props) {
  const check = useRegistrationCheck(props.campaign.id);
  const refusal =
    check.data && check.data.status !== REGISTRATION_STATUS.SUCCESS
      ? check.data
      : check.isError
        ? {
            status: 'ERROR',
            message: errorMessage(check.error, 'Đã có lỗi xảy ra'),
          }
        : undefined;

  return (
    <section aria-labelledby="registration-step-heading" className="space-y-5">
      <StepHeading>Câu hỏi sức khỏe</StepHeading>
      <CampaignSummary campaign={props.campaign} />
      {check.isPending ? (
        <LoadingView label="Đang kiểm tra điều kiện đăng ký" />
      ) : refusal ? (
        <RegistrationCheckDialog
          status={refusal.status}
          message={refusal.message}
          onClose={props.onRefusalClosed}
          onAction={props.onRefusalAction}
        />
      ) : (
        <Questionnaire {...props} />
      )}
    </section>
  );
}

function Questionnaire({ campaign, answers, onAnswersChange, onBack, onNext }: Props) {
  const set = useQuestionSet(campaign.questionSetId);
  const [message, setMessage] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const cards = useRef(new Map<number, HTMLElement>());

  if (!campaign.questionSetId) return <ErrorCard message="Cấu trúc dữ liệu không hợp lệ" />;
  if (set.isPending) return <LoadingView />;
  if (set.isError) {
    return set.error instanceof InvalidQuestionSetError ? (
      <ErrorCard message="Cấu trúc dữ liệu không hợp lệ" />
    ) : (
      <ErrorCard message="Không thể tải danh sách câu hỏi" onRetry={() => void set.refetch()} />
    );
  }

  const questionSet = set.data;
  const progress = questionnaireProgress(questionSet, answers);

  function next() {
    if (progress.firstUnansweredId === undefined) {
      setMessage(null);
      onNext(questionSet);
      return;
    }
    setAttempted(true);
    setMessage(answerAllMessage(progress));
    const card = cards.current.get(progress.firstUnansweredId);
    if (card) {
      card.scrollIntoView({ behavior: 'smooth', block: 'center' });
      card.querySelector('button')?.focus({ preventScroll: true });
    }
  }

  function change(nextAnswers: AnswerMap) {
    onAnswersChange(nextAnswers);
    // The message counts what was answered: keep it true, and drop it once all are answered.
    if (message) {
      const p = questionnaireProgress(questionSet, nextAnswers);
      setMessage(p.firstUnansweredId === undefined ? null : answerAllMessage(p));
    }
  }

  // Questions are numbered across sections.
  const numbers = new Map(questionSet.sections.flatMap((s) => s.questions).map((q, i) => [q.id, i + 1]));
  return (
    <div className="space-y-6">
      <div className="sticky top-16 z-10 rounded-xl border border-slate-200 bg-white/95 p-3 shadow-sm backdrop-blur">
        <div className="flex items-center justify-between text-sm">
          <span className="text-slate-700">
            Đã trả lời {progress.done}/{progress.total} câu
          </span>
          <span className="font-bold text-brand-700" data-testid="questionnaire-progress">
            {progress.percent}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Tiến độ trả lời"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={`${progress.percent}%`}
          className="mt-2 h-2 overflow-hidden rounded-full bg-brand-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
      </div>

      {questionSet.sections.map((section) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`} className="space-y-3">
          <h3 id={`section-${section.id}`} className="text-lg font-semibold text-brand-800">
            {section.name}
          </h3>
          {section.questions.map((q) => {
            return (
              <QuestionCard
                key={q.id}
                number={numbers.get(q.id) ?? 0}
                question={q}
                value={answers[q.id]}
                missing={attempted && !answers[q.id]}
                cardRef={(el) => {
                  if (el) cards.current.set(q.id, el);
                  else cards.current.delete(q.id);
                }}
                onChoose={(choice) => change(toggleAnswer(answers, q.id, choice))}
                onDetail={(detail) => change(setDetail(answers, q.id, detail))}
              />
            );
          })}
        </section>
      ))}

      {message && (
        <p
          role="alert"
          className="rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 font-medium text-brand-800"
        >
          {message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Quay lại
        </Button>
        <Button onClick={next}>Tiếp tục</Button>
      </div>
    </div>
  );
}

function QuestionCard({
  number,
  question: q,
  value,
  missing,
  cardRef,
  onChoose,
  onDetail,
}: {
  number: number;
  question: TQuestionSection['questions'][number];
  value: AnswerMap[number] | undefined;
  missing: boolean;
  cardRef: (el: HTMLElement | null) => void;
  onChoose: (choice: 'true' | 'false') => void;
  onDetail: (detail: string) => void;
}) {
  const labelId = `question-${q.id}-label`;
  const option = (choice: 'true' | 'false', label: string) => {
    const pressed = value?.answer === choice;
    return (
      <button
        type="button"
        aria-pressed={pressed}
        onClick={() => onChoose(choice)}
        className={`min-h-11 min-w-20 rounded-xl border px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          pressed
            ? 'border-brand-600 bg-brand-600 text-white'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
        }`}
      >
        {label}
      </button>
    );
  };
  return (
    <div
      ref={cardRef}
      role="group"
      aria-labelledby={labelId}
      data-testid={`question-${q.id}`}
      className={`scroll-mt-36 rounded-2xl border bg-white p-4 ${missing ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200'}`}
    >
      <p id={labelId} className="text-slate-900">
        <span className="font-semibold">Câu {number}. </span>
        {q.content}
      </p>
      {missing && <p className="mt-1 text-sm font-medium text-brand-700">Chưa trả lời</p>}
      <div className="mt-3 flex gap-3">
        {option('true', 'Có')}
        {option('false', 'Không')}
      </div>
      {q.hasDetail && value?.answer === 'true' && (
        <div className="mt-3">
          <label
            htmlFor={`question-${q.id}-detail`}
            className="mb-1 block text-sm font-medium text-slate-700"
          >
            Ghi rõ chi tiết
          </label>
          <textarea
            id={`question-${q.id}-detail`}
            value={value.detail}
            maxLength={500}
            rows={2}
            onChange={(e) => onDetail(e.target.value)}
            className="w-full rounded-xl border border-slate-300 px-3 py-2 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </div>
      )}
    </div>
  );
}
