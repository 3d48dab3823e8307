import { APPEAL_TEXTS, type TCampaign, type TQuestionSet, type TSlot } from '@giot-hong/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useNewNotificationsToast } from '../../notifications/api/use-new-notifications-toast';
import { useCampaignSlots } from '../api/get-campaign-slots';
import { useWizardCampaigns } from '../api/get-wizard-campaigns';
import type { AnswerMap } from '../lib/questionnaire';
import {
  entryFromQuery,
  entryFromStored,
  preselectedSlot,
  resolveEntryCampaign,
  type WizardEntry,
} from '../lib/wizard-entry';
import { CampaignSelectStep } from './campaign-select-step';
import { QuestionnaireStep } from './questionnaire-step';
import { ReviewStep } from './review-step';
import { SuccessStep } from './success-step';
import { RegistrationStepper } from './wizard-stepper';

type Step = 0 | 1 | 2 | 3;

function readStoredEntry(): WizardEntry | undefined {
  try {
    return entryFromStored(localStorage.getItem(STORAGE_KEYS.selectedCampaign));
  } catch {
    return undefined;
  }
}

/**
 * The donation registration wizard: choose a campaign, answer the health
 * questionnaire, confirm, done. It starts at the questionnaire when the address names a campaign
 * (`campaignId` and `questionset`) or the landing slider left `selectedCampaign`.
 */
export function RegistrationWizard() {
  const location = useLocation();
  const navigate = useNavigate();
  // After a registration: the bell's count is refreshed and anything new is said 3 s later.
  const announceNewNotifications = useNewNotificationsToast();
  const campaigns = useWizardCampaigns();

  // Read once, without side effects (the initialiser may run twice); the entry is consumed below.
  const [entry] = useState(() => {
    const fromQuery = entryFromQuery(new URLSearchParams(location.search));
    return { fromQuery, value: fromQuery ?? readStoredEntry() };
  });
  const [chosen, setChosen] = useState<WizardEntry | undefined>(entry.value);
  const [step, setStep] = useState<Step>(entry.value ? 1 : 0);
  const [answers, setAnswers] = useState<AnswerMap>({});
  const [questionSet, setQuestionSet] = useState<TQuestionSet | undefined>();
  // The time slot chosen in step 0; a visit that starts at the questionnaire has none (the
  // server then gives the earliest slot with a place).
  const [slot, setSlot] = useState<TSlot | undefined>();
  // An appeal's link names a slot: preselected once the campaign's slots say it can still be booked.
  const askedSlot = entry.fromQuery?.slotStart;
  const entrySlots = useCampaignSlots(askedSlot ? entry.fromQuery?.campaignId : undefined);
  const [slotApplied, setSlotApplied] = useState(false);
  if (askedSlot && !slotApplied && entrySlots.data) {
    // Adjusting state during render: React's pattern for state derived from data that arrived.
    setSlotApplied(true);
    const open = preselectedSlot(entrySlots.data, askedSlot);
    if (open && chosen?.campaignId === entry.fromQuery?.campaignId) setSlot(open);
  }
  const fromAppeal =
    entry.fromQuery?.appealId !== undefined && chosen?.campaignId === entry.fromQuery.campaignId;

  useEffect(() => {
    // `selectedCampaign` is removed once read; the query is dropped too, so going back to the
    // list and reloading does not jump into the old campaign again.
    localStorage.removeItem(STORAGE_KEYS.selectedCampaign);
    if (entry.fromQuery) navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Each step change moves focus to the new step's heading (and the page to its top).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    document.getElementById('registration-step-heading')?.focus({ preventScroll: true });
  }, [step]);

  const resolved = chosen ? resolveEntryCampaign(chosen, campaigns.data) : undefined;
  const campaign = resolved && { ...resolved, detailsPending: campaigns.isPending };

  function choose(c: TCampaign) {
    if (chosen?.campaignId !== c.id) {
      setAnswers({});
      setSlot(undefined);
    }
    setChosen({ campaignId: c.id, questionSetId: c.questionSetId, campaign: c });
  }

  function backToSelection() {
    setStep(0);
  }

  return (
    <div>
      {fromAppeal && step < 3 && (
        <p className="mb-4 rounded-lg bg-brand-50 p-3 text-slate-900" data-appeal-note>
          {APPEAL_TEXTS.registrationNote}
        </p>
      )}
      <RegistrationStepper current={step} />
      {step === 0 || !campaign ? (
        <CampaignSelectStep
          selectedId={chosen?.campaignId}
          onSelect={choose}
          selectedSlot={slot?.start}
          onSelectSlot={setSlot}
          onNext={() => chosen && setStep(1)}
        />
      ) : step === 1 ? (
        <QuestionnaireStep
          // A fresh check for every campaign (and every entry into the step).
          key={campaign.id}
          campaign={campaign}
          answers={answers}
          onAnswersChange={setAnswers}
          onBack={backToSelection}
          onNext={(set) => {
            setQuestionSet(set);
            setStep(2);
          }}
          onRefusalClosed={() => {
            backToSelection();
            navigate(paths.home);
          }}
          onRefusalAction={(href) => navigate(href)}
        />
      ) : step === 2 ? (
        <ReviewStep
          campaign={campaign}
          questionSet={questionSet}
          answers={answers}
          slot={slot}
          onBack={() => setStep(1)}
          onDone={(submitted) => {
            setStep(3);
            if (submitted) announceNewNotifications();
          }}
        />
      ) : (
        <SuccessStep campaign={campaign} slot={slot} />
      )}
    </div>
  );
}
