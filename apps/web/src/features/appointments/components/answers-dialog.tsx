import type { TAppointmentAnswerSection } from '@giot-hong/contract';
import { EmptyView } from '../../../components/ui/empty-view';
import { answerLabel } from '../lib/appointment-format';
import { buttonSecondary } from '../../../components/ui/buttons';
import { Modal, ModalClose } from './ui';

/** The registration form's detail: the questionnaire by section with the donor's Có/Không and details. */
export function AnswersDialog({
  open,
  onOpenChange,
  campaignName,
  sections,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  campaignName: string;
  sections: TAppointmentAnswerSection[];
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      wide
      title="Chi tiết phiếu đăng ký hiến máu"
      description={campaignName}
      footer={<ModalClose className={buttonSecondary}>Đóng</ModalClose>}
    >
      {sections.length === 0 ? (
        <EmptyView />
      ) : (
        <div className="space-y-5">
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
