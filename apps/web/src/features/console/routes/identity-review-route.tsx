import { IdentityDecision } from '../components/identity-decision';
import { HolderPanel } from '../components/identity-holder-panel';
import { IDENTITY_FIELD_LABELS, reviewOutcomeStaffLabel, type TIdentityReview } from '@giot-hong/contract';
import { Link, useParams } from 'react-router';
import { LoadingView } from '../../../components/ui/loading-view';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useIdentityReview } from '../api/get-identity-review';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, PageHeading } from '../components/console-ui';
import { IdPhotoViewer } from '../components/id-photo-viewer';
import { formatShortTime } from '../lib/console-format';

/** /quan-tri/xac-thuc/:extractId: the photos beside the fields read; approve (corrected) or reject. */
export function Component() {
  usePageTitle('Duyệt căn cước');
  const { extractId = '' } = useParams();
  const review = useIdentityReview(extractId);
  if (review.isPending) return <LoadingView />;
  if (review.isError) return <ConsoleErrorView onRetry={() => review.refetch()} />;
  return <ReviewPage review={review.data} />;
}

function ReviewPage({ review }: { review: TIdentityReview }) {
  const title = review.fullName ?? review.username;
  const reasons = [
    review.disagreements.length > 0 &&
      `Hai mặt không khớp: ${review.disagreements.map((f) => IDENTITY_FIELD_LABELS[f as keyof typeof IDENTITY_FIELD_LABELS] ?? f).join(', ')}`,
    review.unsure.length > 0 &&
      `Đọc chưa chắc chắn: ${review.unsure.map((f) => IDENTITY_FIELD_LABELS[f as keyof typeof IDENTITY_FIELD_LABELS] ?? f).join(', ')}`,
  ].filter(Boolean);
  return (
    <>
      <p className="mb-2">
        <Link to={consolePaths.identityReviews} className="font-medium text-brand-700 underline">
          ← Hồ sơ chờ duyệt
        </Link>
      </p>
      <PageHeading
        title={`Duyệt căn cước: ${title}`}
        sub={
          <>
            Tài khoản {review.username} · {review.account.email}
            {review.account.mobile ? ` · ${review.account.mobile}` : ''} · Chờ từ{' '}
            {formatShortTime(review.waitingSince)}
          </>
        }
      />
      {reasons.length > 0 && (
        <ul className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          {reasons.map((r) => (
            <li key={String(r)}>{r}</li>
          ))}
        </ul>
      )}
      {review.holder && <HolderPanel review={review} />}
      {review.reviewed ? (
        <p className={`${cardClass} mb-4`}>
          Hồ sơ này đã được xử lý ({reviewOutcomeStaffLabel(review.reviewed.outcome)}
          {review.reviewed.reason ? `: ${review.reviewed.reason}` : ''}).
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label="Ảnh căn cước" className={`${cardClass} flex flex-col gap-4`}>
          <IdPhotoViewer extractId={review.extractId} side="front" available={review.images.front} />
          <IdPhotoViewer extractId={review.extractId} side="back" available={review.images.back} />
        </section>
        {!review.reviewed && <IdentityDecision review={review} />}
      </div>
    </>
  );
}
