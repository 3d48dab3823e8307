import { DONOR_STATUS } from '@giot-hong/contract';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { useFullUserInfo } from '../api/get-full-user-info';
import { AvatarUploader } from './avatar-uploader';
import { ContactSection } from './contact-section';
import { PersonalSection, VerificationBadge } from './personal-section';

/** Tab thong-tin-ca-nhan: avatar, personal block, contact block. */
export function PersonalInfoTab() {
  const info = useFullUserInfo();
  if (info.isPending) return <LoadingView />;
  if (info.isError)
    return (
      <div role="alert">
        <EmptyView title="Không thể tải thông tin người dùng">
          <button
            type="button"
            onClick={() => info.refetch()}
            className="font-semibold text-brand-700 underline"
          >
            Thử lại
          </button>
        </EmptyView>
      </div>
    );
  const data = info.data;
  const status = data.status || DONOR_STATUS.NONE;
  const name = data.full_name || data.username;
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-gradient-to-b from-brand-50 to-white p-4 sm:flex-row sm:gap-6 sm:p-6">
        <AvatarUploader name={name} />
        <div className="text-center sm:text-left">
          <p className="text-xl font-bold text-slate-900">{name}</p>
          <p className="text-slate-600">@{data.username}</p>
          {status !== DONOR_STATUS.NONE && (
            <div className="mt-2">
              <VerificationBadge status={status} />
            </div>
          )}
        </div>
      </div>
      <PersonalSection info={data} status={status} />
      <ContactSection info={data} />
    </div>
  );
}
