import type { TAdminAppointment } from '@giot-hong/contract';
import { AnswersDialog } from '../../../components/ui/answers-dialog';
import { useAppointmentAnswers } from '../api/get-appointment-answers';
import { OutcomeDialog } from './outcome-dialog';
import { ScreeningDialog } from './screening-dialog';

export type AnswersTarget = Pick<TAdminAppointment, 'id' | 'fullName'>;

/**
 * The day page's dialogs: the venue check, the outcome and the donor's answers. A chunk of their
 * own (forms, their rules and the modal), which the page's first view does not need: the page
 * loads it when the browser is idle, or when a dialog is first opened.
 */
export default function DayDialogs({
  campaignName,
  late,
  screeningFor,
  outcomeFor,
  answersFor,
  onCloseScreening,
  onCloseOutcome,
  onCloseAnswers,
}: {
  campaignName: string;
  late: boolean;
  screeningFor: TAdminAppointment | null;
  outcomeFor: TAdminAppointment | null;
  answersFor: AnswersTarget | null;
  onCloseScreening: () => void;
  onCloseOutcome: () => void;
  onCloseAnswers: () => void;
}) {
  const answers = useAppointmentAnswers(answersFor?.id ?? null);
  return (
    <>
      <ScreeningDialog target={screeningFor} onClose={onCloseScreening} />
      <OutcomeDialog target={outcomeFor} late={late} onClose={onCloseOutcome} />
      <AnswersDialog
        open={answersFor !== null}
        onOpenChange={(open) => !open && onCloseAnswers()}
        campaignName={answersFor ? `${answersFor.fullName} · ${campaignName}` : ''}
        sections={answers.data ?? []}
        pinYes
      />
    </>
  );
}
