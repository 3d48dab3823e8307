import { DONOR_STATUS } from '@giot-hong/contract';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingView } from '../../components/ui/loading-view';
import { AppToaster } from '../../components/ui/toaster';
import { useIsFrame } from '../../lib/frame';
import { profileTabs } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useUserStatus } from '../../features/profile/api/get-user-status';
import { DonorProfileWizard } from '../../features/profile/components/donor-profile-wizard';
import { PersonalInfoTab } from '../../features/profile/components/personal-info-tab';
import { AppointmentHistoryTab } from '../../features/appointments/components/appointment-history-tab';
import { AppointmentViewTab } from '../../features/appointments/components/appointment-view-tab';
import { PrivacyTab } from '../../features/privacy/components/privacy-tab';
import { DonationRecordTab } from '../../features/donations/components/donation-record-tab';
import { useDonationRecord } from '../../features/donations/api/get-donation-record';
import { AppealConsentOffer } from '../../features/privacy/components/appeal-consent-offer';
import { shouldOfferAppeals } from '../../features/privacy/lib/appeal-offer';
import { useConsents } from '../../features/privacy/api/get-consents';
import { useMe } from '../../features/auth/api/get-me';

const APPOINTMENT_PREFIX = profileTabs.appointment('');

/** Which tab the URL hash asks for; unknown or malformed hashes fall back to the personal information. */
function tabFromHash(hash: string): string {
  let h: string;
  try {
    h = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    // A hash such as '#%' is not valid percent-encoding: decodeURIComponent throws (URIError).
    return profileTabs.personalInfo;
  }
  if (
    h === profileTabs.history ||
    h === profileTabs.record ||
    h === profileTabs.createDonorProfile ||
    h === profileTabs.privacy
  )
    return h;
  if (h.startsWith(APPOINTMENT_PREFIX) && h.length > APPOINTMENT_PREFIX.length) return h;
  return profileTabs.personalInfo;
}

// Each label stays on one line at its natural width. They do not all fit side by side at 360 px:
// the list wraps onto a second row rather than every label taking two lines.
const tabTrigger =
  'min-h-11 shrink-0 border-b-2 border-transparent px-2 py-2 text-sm font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 sm:px-3 sm:text-base';

/** /trang-ca-nhan: the tab comes from the URL hash. */
export function Component() {
  usePageTitle('Trang cá nhân');
  const location = useLocation();
  const navigate = useNavigate();
  const status = useUserStatus();
  // Once the wizard has confirmed, the status is no longer NONE, but its last step must stay visible.
  const [wizardFinished, setWizardFinished] = useState(false);

  const requested = tabFromHash(location.hash);
  // Leaving the finished wizard closes it for good (the donor has a profile now). Adjusting state
  // during render is React's pattern for state derived from a change of input (here the hash).
  if (wizardFinished && requested !== profileTabs.createDonorProfile) setWizardFinished(false);
  const canCreate =
    status.data === DONOR_STATUS.NONE || (wizardFinished && requested === profileTabs.createDonorProfile);
  // The create tab exists only without a donor profile; until the status is known, wait.
  const waitingForStatus = requested === profileTabs.createDonorProfile && status.isPending;
  const active =
    requested === profileTabs.createDonorProfile && !canCreate ? profileTabs.personalInfo : requested;
  // An appointment's view belongs to the history: that tab is marked current and shows it.
  const appointmentId = active.startsWith(APPOINTMENT_PREFIX)
    ? Number(active.slice(APPOINTMENT_PREFIX.length))
    : undefined;
  const tab = appointmentId === undefined ? active : profileTabs.history;
  // The server's frame (its address has no hash): the tabs a first view opens, one shown by the hash
  // in the browser through styles.css, with their data when the document carried the session (ADR 72).
  const frame = useIsFrame();
  const framed = (value: string) =>
    frame ? { forceMount: true as const, 'data-frame-panel': value } : undefined;
  const framedTrigger = (value: string) => (frame ? { 'data-frame-trigger': value } : undefined);

  return (
    // At least a screen tall: the footer stays below the first screen while the tab's data loads,
    // instead of being pushed down when it arrives (ADR 39).
    <div className="mx-auto min-h-dvh w-full max-w-4xl px-4 py-6 sm:py-10">
      <h1 className="mb-4 text-2xl font-bold text-slate-900 sm:text-3xl">Trang cá nhân</h1>
      {waitingForStatus ? (
        <LoadingView />
      ) : (
        <Tabs.Root
          value={tab}
          onValueChange={(v) => navigate({ hash: v })}
          activationMode="manual"
          data-frame-tabs={frame || undefined}
        >
          {frame &&
            [profileTabs.history, profileTabs.record].map((value) => (
              <span key={value} id={value} data-frame-target className="fixed top-0" />
            ))}
          <Tabs.List
            aria-label="Trang cá nhân"
            className="mb-6 flex flex-wrap gap-x-1 border-b border-slate-200"
          >
            <Tabs.Trigger
              value={profileTabs.personalInfo}
              className={tabTrigger}
              {...framedTrigger(profileTabs.personalInfo)}
            >
              Thông tin cá nhân
            </Tabs.Trigger>
            <Tabs.Trigger
              value={profileTabs.history}
              className={tabTrigger}
              {...framedTrigger(profileTabs.history)}
              // From an appointment's view the tab is already current: a click goes back to the list.
              onClick={() => appointmentId !== undefined && navigate({ hash: profileTabs.history })}
            >
              Lịch sử hiến máu
            </Tabs.Trigger>
            <Tabs.Trigger
              value={profileTabs.record}
              className={tabTrigger}
              {...framedTrigger(profileTabs.record)}
            >
              Hồ sơ hiến máu
            </Tabs.Trigger>
            <Tabs.Trigger value={profileTabs.privacy} className={tabTrigger}>
              Quyền riêng tư
            </Tabs.Trigger>
            {canCreate && (
              <Tabs.Trigger value={profileTabs.createDonorProfile} className={tabTrigger}>
                Tạo hồ sơ hiến máu
              </Tabs.Trigger>
            )}
          </Tabs.List>
          <Tabs.Content
            value={profileTabs.personalInfo}
            className="focus-visible:outline-offset-4"
            {...framed(profileTabs.personalInfo)}
          >
            <PersonalInfoTab />
          </Tabs.Content>
          <Tabs.Content value={profileTabs.history} {...framed(profileTabs.history)}>
            {appointmentId === undefined ? (
              <AppointmentHistoryTab />
            ) : (
              <AppointmentViewTab appointmentId={appointmentId} />
            )}
          </Tabs.Content>
          <Tabs.Content value={profileTabs.record} {...framed(profileTabs.record)}>
            <RecordTab />
          </Tabs.Content>
          <Tabs.Content value={profileTabs.privacy}>
            <PrivacyTab />
          </Tabs.Content>
          {canCreate && (
            // Kept mounted while another tab is shown, so switching tabs does not lose the wizard's progress.
            <Tabs.Content
              value={profileTabs.createDonorProfile}
              forceMount
              className="data-[state=inactive]:hidden"
            >
              <DonorProfileWizard onCompleted={() => setWizardFinished(true)} />
            </Tabs.Content>
          )}
        </Tabs.Root>
      )}
      <AppToaster />
    </div>
  );
}

/**
 * 'Hồ sơ hiến máu', with the offer to receive appeals above it once the donor has given blood (two
 * features: the record, and the consent from the privacy feature).
 */
function RecordTab() {
  const record = useDonationRecord();
  const me = useMe();
  const consents = useConsents();
  // The offer above the record depends on three answers: the tab waits for those on their way, so
  // the offer never appears after the record and pushes it down (ADR 39). One that failed, or is
  // held offline (the record alone is kept for offline use), is not waited for.
  const deciding = [me, consents].some((q) => q.isPending && q.fetchStatus === 'fetching');
  // The server's frame cannot know whether the donor said 'Để sau' on this device (local storage):
  // where the offer may show, the record waits for the application, which shows both at once.
  const frame = useIsFrame();
  const offerUnknown = frame && shouldOfferAppeals(record.data?.totals.count ?? 0, consents.data, false);
  if (record.isPending || deciding || offerUnknown) return <LoadingView />;
  return (
    <div className="flex flex-col gap-6">
      {me.data && record.data && (
        <AppealConsentOffer userId={me.data.id} donations={record.data.totals.count} />
      )}
      <DonationRecordTab />
    </div>
  );
}
