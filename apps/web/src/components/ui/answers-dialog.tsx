import { ANSWER_TEXTS, type TAppointmentAnswerSection } from '@giot-hong/contract';
import { TriangleAlert } from 'lucide-react';
import { answerLabel, yesAnswers } from '../../lib/questionnaire-answers';
import { buttonSecondary } from './buttons';
import { EmptyView } from './empty-view';
import { Modal, ModalClose } from './modal';

/**
 * The registration form's detail: the questionnaire by section with the donor's Có/Không and
 * details. `pinYes` (staff): the answers 'Có' are repeated at the top, since those are the ones
 * the desk must ask about; the full questionnaire follows unchanged.
 */
export function AnswersDialog({
  open,
  onOpenChange,
  campaignName,
  sections,
  pinYes = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaignName: string;
  sections: TAppointmentAnswerSection[];
  pinYes?: boolean;
}) {
  const yes = pinYes ? yesAnswers(sections) : [];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      wide
      title={ANSWER_TEXTS.dialogTitle}
      description={campaignName}
      footer={<ModalClose className={buttonSecondary}>Đóng</ModalClose>}
    >
      {sections.length === 0 ? (
        <EmptyView />
      ) : (
        <div className="space-y-5">
          {yes.length > 0 && (
            <section
              aria-labelledby="answer-section-yes"
              data-yes-answers
              className="space-y-2 rounded-2xl border border-amber-300 bg-amber-50 p-4"
            >
              <h3 id="answer-section-yes" className="flex items-center gap-2 font-semibold text-amber-950">
                <TriangleAlert aria-hidden className="size-5" />
                {ANSWER_TEXTS.yesHeading}
              </h3>
              <ul className="space-y-2">
                {yes.map((a) => (
                  <li key={a.id} className="text-slate-900">
                    <span className="block text-sm text-slate-700">{a.section}</span>
                    {a.content}
                    {a.detail && <span className="block text-sm text-slate-800">Chi tiết: {a.detail}</span>}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {sections.map((s) => (
            <section key={s.id} aria-labelledby={`answer-section-${s.id}`} className="space-y-2">
              <h3 id={`answer-section-${s.id}`} className="font-semibold text-brand-800">
                {s.name}
              </h3>
              <dl className="divide-y divide-slate-100 rounded-2xl border border-slate-200">
                {s.answers.map((a) => (
                  <div key={a.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[1fr_auto] sm:gap-4">
                    <dt className="text-slate-800">{a.content}</dt>
                    <dd className={`font-semibold ${a.answer ? 'text-brand-700' : 'text-slate-700'}`}>
                      {answerLabel(a.answer)}
                    </dd>
                    {a.detail && (
                      <dd className="text-sm text-slate-600 sm:col-span-2">Chi tiết: {a.detail}</dd>
                    )}
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
