import { API_KEY_PAGE_TEXTS as T } from '@giot-hong/contract';
import { useId, useState } from 'react';
import { LoadingView } from '../../../components/ui/loading-view';
import { usePageTitle } from '../../../lib/use-page-title';
import type { TCreatedApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyCreatedDialog } from '../components/api-key-created-dialog';
import { ApiKeyForm } from '../components/api-key-form';
import { ApiKeyList } from '../components/api-key-list';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading } from '../components/console-ui';

/**
 * /quan-tri/khoa-truy-cap (ADMIN, by the route table's RoleGuard): the blood centre's API keys.
 * A new key is held in this page's state only while its dialog is open, never in the query cache.
 */
export function Component() {
  usePageTitle(T.title);
  const id = useId();
  const keys = useApiKeys();
  const [created, setCreated] = useState<TCreatedApiKey | null>(null);
  return (
    <>
      <PageHeading title={T.title} sub={T.sub} />
      <ApiKeyForm onCreated={setCreated} />
      <ApiKeyCreatedDialog created={created} onClose={() => setCreated(null)} />
      <section aria-labelledby={`${id}-list`} className="mt-6">
        <h2 id={`${id}-list`} className="mb-3 text-xl font-bold text-slate-900">
          {T.listHeading}
        </h2>
        {keys.isPending ? (
          <LoadingView />
        ) : keys.isError ? (
          <ConsoleErrorView onRetry={() => keys.refetch()} />
        ) : (
          <ApiKeyList keys={keys.data} />
        )}
      </section>
    </>
  );
}
