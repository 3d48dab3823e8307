import { useParams } from 'react-router';
import { LoadingView } from '../../../components/ui/loading-view';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminCampaign } from '../api/get-admin-campaign';
import { CampaignForm } from '../components/campaign-form';
import { CampaignImageSection } from '../components/campaign-image-section';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading } from '../components/console-ui';
import { Component as NotFound } from './console-not-found-route';
import { isNotFound } from '../../../lib/api-errors';

/** /quan-tri/chien-dich/tao-moi and /quan-tri/chien-dich/{id}: a campaign's form (and its picture once it exists). */
export function Component() {
  const { id } = useParams();
  const campaignId = id === undefined ? undefined : Number(id);
  if (campaignId === undefined) return <NewCampaign />;
  if (!Number.isSafeInteger(campaignId) || campaignId <= 0) return <NotFound />;
  return <EditCampaign id={campaignId} />;
}

function NewCampaign() {
  usePageTitle('Tạo chiến dịch');
  return (
    <>
      <PageHeading title="Tạo chiến dịch" sub="Thời gian nhập theo giờ Việt Nam." />
      <CampaignForm />
    </>
  );
}

function EditCampaign({ id }: { id: number }) {
  usePageTitle('Sửa chiến dịch');
  const campaign = useAdminCampaign(id);
  if (campaign.isPending) return <LoadingView />;
  if (isNotFound(campaign.error)) return <NotFound />;
  if (campaign.isError) return <ConsoleErrorView onRetry={() => campaign.refetch()} />;
  return (
    <>
      <PageHeading title="Sửa chiến dịch" sub={campaign.data.name} />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <CampaignForm campaign={campaign.data} />
        <CampaignImageSection campaign={campaign.data} />
      </div>
    </>
  );
}
