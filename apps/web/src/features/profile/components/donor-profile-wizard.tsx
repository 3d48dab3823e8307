import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidateUserData } from '../api/invalidate-user-data';
import type { IdCardSide } from '../api/upload-id-card-side';
import { WizardCompleteStep } from './wizard-complete-step';
import { WIZARD_STEPS, WizardStepper } from './wizard-stepper';
import { WizardTermsStep } from './wizard-terms-step';
import { EMPTY_SIDE, WizardUploadStep, type SideState, type Sides } from './wizard-upload-step';
import { WizardVerifyStep } from './wizard-verify-step';

/**
 * The donor-profile wizard (tab tao-ho-so-hien-mau): 1 terms, 2 ID-card photos, 3 verify,
 * 4 complete. Its state lives here so Back keeps the pictures and the agreement.
 */
export function DonorProfileWizard({ onCompleted }: { onCompleted: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(1);
  const [agreed, setAgreed] = useState(false);
  const [extractId, setExtractId] = useState<string | null>(null);
  const [sides, setSides] = useState<Sides>({ front: EMPTY_SIDE, back: EMPTY_SIDE });
  const [finalStatus, setFinalStatus] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const setSide = (side: IdCardSide, next: SideState | ((prev: SideState) => SideState)) =>
    setSides((prev) => ({ ...prev, [side]: typeof next === 'function' ? next(prev[side]) : next }));

  // Each step change moves focus to the step's heading so screen-reader users hear where they are.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // Previews are object URLs: free them when the wizard goes away.
  const sidesRef = useRef(sides);
  useEffect(() => {
    sidesRef.current = sides;
  }, [sides]);
  useEffect(
    () => () => {
      for (const s of Object.values(sidesRef.current)) if (s.preview) URL.revokeObjectURL(s.preview);
    },
    [],
  );

  return (
    <section
      aria-labelledby="wizard-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <WizardStepper current={step} />
      <h2
        id="wizard-heading"
        ref={headingRef}
        tabIndex={-1}
        className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {`Bước ${step}: ${WIZARD_STEPS[step - 1]}`}
      </h2>
      {step === 1 && (
        <WizardTermsStep agreed={agreed} onAgreedChange={setAgreed} onAccepted={() => setStep(2)} />
      )}
      {step === 2 && (
        <WizardUploadStep
          sides={sides}
          setSide={setSide}
          extractId={extractId}
          setExtractId={setExtractId}
          onBack={() => setStep(1)}
          onNext={() => setStep(3)}
        />
      )}
      {step === 3 && extractId && (
        <WizardVerifyStep
          extractId={extractId}
          onBack={() => setStep(2)}
          onConfirmed={(status) => {
            setFinalStatus(status);
            setStep(4);
            // The route keeps this tab open although the status is no longer NONE.
            onCompleted();
            void invalidateUserData(queryClient);
          }}
        />
      )}
      {step === 4 && <WizardCompleteStep status={finalStatus} />}
    </section>
  );
}
