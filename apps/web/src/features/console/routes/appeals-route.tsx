import { APPEAL_TEXTS as T } from '@giot-hong/contract';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAppeals } from '../api/get-appeals';
import { AppealForm } from '../components/appeal-form';
import { AppealList } from '../components/appeal-list';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading } from '../components/console-ui';

/** /quan-tri/loi-keu-goi: a new appeal with its audience counted before sending, then every appeal. */
export function Component() {
  usePageTitle(T.consoleTitle);
  const appeals = useAppeals();
  return (
    <>
      <PageHeading title={T.consoleTitle} sub={T.consoleSub} />
      <AppealForm />
      <section aria-labelledby="appeal-list-title" className="mt-6">
        <h2 id="appeal-list-title" className="mb-2 text-lg font-semibold text-slate-900">
          {T.consoleTitle}
        </h2>
        {appeals.isPending ? (
          <LoadingView />
        ) : appeals.isError ? (
          <ConsoleErrorView
            message={errorMessage(appeals.error, T.loadFailed)}
            onRetry={() => appeals.refetch()}
          />
        ) : (
          <AppealList appeals={appeals.data} />
        )}
      </section>
    </>
  );
}
