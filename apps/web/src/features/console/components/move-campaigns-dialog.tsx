import {
  QUESTION_SET_MESSAGES as M,
  ZQuestionSetMoveCampaignsRequest,
  type TQuestionSetOlderCampaign,
} from '@giot-hong/contract';
import { useId } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { FieldError } from '../../../components/ui/field';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { contractResolver } from '../../../lib/contract-resolver';
import { applyServerErrors } from '../../../lib/api-errors';
import { useMoveCampaigns } from '../api/move-campaigns';
import { formatCampaignDay } from '../lib/console-format';

type FormValues = { campaignIds: string[] };

const resolver = contractResolver<FormValues>(
  [ZQuestionSetMoveCampaignsRequest],
  (v) => ({ campaignIds: v.campaignIds.map(Number) }),
  () => 'campaignIds',
);

/**
 * After a new version of a questionnaire: the open campaigns still on an older one. Those nobody
 * has answered can move (all chosen by default); those with answers keep their version, and say so
 * (their donors' answers keep the questions they read).
 */
export function MoveCampaignsDialog({
  open,
  onClose,
  questionSetId,
  version,
  campaigns,
}: {
  open: boolean;
  onClose: () => void;
  questionSetId: number;
  version: number;
  campaigns: TQuestionSetOlderCampaign[];
}) {
  const id = useId();
  // Here, not in the form: the form is drawn only while the dialog is open.
  const move = useMoveCampaigns();
  const movable = campaigns.some((c) => !c.answered);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !move.isPending && onClose()}
      title={M.olderCampaignsTitle(version)}
      description={M.olderCampaignsIntro(version)}
      wide
      footer={
        <>
          <ModalClose className={buttonSecondary} disabled={move.isPending}>
            {M.keepCampaigns}
          </ModalClose>
          {movable && (
            <button type="submit" form={`${id}-form`} className={buttonPrimary} disabled={move.isPending}>
              {move.isPending ? 'Đang chuyển...' : M.moveCampaigns(version)}
            </button>
          )}
        </>
      }
    >
      <MoveCampaignsForm
        id={`${id}-form`}
        campaigns={campaigns}
        onMove={(campaignIds, setError) =>
          move.mutate(
            { questionSetId, body: { campaignIds } },
            {
              onSuccess: (res) => {
                toast.success(res.message, {
                  description: res.data.kept.length
                    ? M.campaignsKept(res.data.kept.map((k) => k.name))
                    : undefined,
                });
                onClose();
              },
              onError: (e) =>
                applyServerErrors(e, setError, ['campaignIds'], {}, 'Không thể chuyển chiến dịch'),
            },
          )
        }
      />
    </Modal>
  );
}

/** The campaigns, each with a box: those nobody answered chosen, those with answers shown as staying. */
function MoveCampaignsForm({
  id,
  campaigns,
  onMove,
}: {
  id: string;
  campaigns: TQuestionSetOlderCampaign[];
  onMove: (campaignIds: number[], setError: UseFormSetError<FormValues>) => void;
}) {
  // Drawn when the dialog opens: the boxes start from the campaigns as they are then.
  const form = useForm<FormValues>({
    resolver,
    defaultValues: { campaignIds: campaigns.filter((c) => !c.answered).map((c) => String(c.id)) },
  });
  const error = form.formState.errors.campaignIds?.message;
  const submit = form.handleSubmit((values) => onMove(values.campaignIds.map(Number), form.setError));
  return (
    <form id={id} onSubmit={submit} noValidate>
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="sr-only">Chiến dịch đang mở dùng phiên bản cũ</legend>
        <ul className="flex flex-col gap-1">
          {campaigns.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-11 items-start gap-3 py-1 text-slate-900">
                <input
                  type="checkbox"
                  value={String(c.id)}
                  disabled={c.answered}
                  {...form.register('campaignIds')}
                  className="mt-1 size-5 shrink-0"
                />
                <span>
                  <span className="font-medium break-words">{c.name}</span>
                  <span className="block text-sm text-slate-700">
                    {formatCampaignDay(c.organizeTime)} · {M.versionLabel(c.version)}
                    {c.answered ? ` · ${M.campaignAnswered}` : ''}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}
