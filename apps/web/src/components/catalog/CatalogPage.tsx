import { getCatalog } from '@app/domain';
import { PageHeader } from '../PageHeader.tsx';

/** Temporary placeholder: the generic catalogue screen replaces this file. */
export default function CatalogPage({ name }: { name: string }) {
  const title = getCatalog(name)?.title ?? name;
  return <PageHeader title={title} breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title }]} />;
}
