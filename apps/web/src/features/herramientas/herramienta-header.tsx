import { PageHeader } from '../../components/page-header.tsx';

/** The header of a tool of the drawer: its title, under Inicio / Herramientas. */
export function HerramientaHeader({ title }: { title: string }) {
  return (
    <PageHeader
      title={title}
      breadcrumb={[{ title: 'Inicio', href: '/MenuPrincipal' }, { title: 'Herramientas' }, { title }]}
    />
  );
}
