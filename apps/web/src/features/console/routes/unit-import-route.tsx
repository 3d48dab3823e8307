import { UNIT_IMPORT_PAGE_TEXTS as T } from '@giot-hong/contract';
import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeading } from '../components/console-ui';
import { UnitEventColumns } from '../components/unit-event-columns';
import { UnitImportForm } from '../components/unit-import-form';

/** /quan-tri/don-vi-mau: staff upload the blood centre's CSV of unit events and read its report. */
export function Component() {
  usePageTitle(T.title);
  return (
    <>
      <PageHeading title={T.title} sub={T.sub} />
      <UnitImportForm />
      <UnitEventColumns />
    </>
  );
}
