import { useNavigate } from 'react-router';
import { dateCol, textCol } from '../../components/columns.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { adminApi, adminKeys, type Persona } from './admin-api.ts';

/** Persons of a company (tab of /empresaform). */
export function PersonasTab({ idEmpresa }: { idEmpresa: number }) {
  const navigate = useNavigate();
  return (
    <ResourceList<Persona>
      cacheKey={adminKeys.all('personas')}
      ariaLabel="Personas de la empresa"
      namespace="personas"
      fixedQuery={{ idEmpresa }}
      fetch={adminApi.personas.list}
      rowKey={(p) => p.idPersona}
      defaultSort="nombreCompleto"
      columns={[
        textCol('documento', 'Documento', true),
        textCol('nombreCompleto', 'Nombre completo', true),
        textCol('email', 'Correo electrónico', true),
        dateCol('fechaReg', 'Fecha de registro'),
      ]}
      onCreate={() => navigate('/persona/nueva')}
      onOpen={(p) => navigate(`/personaform/${p.idPersona}`)}
      onEdit={(p) => navigate(`/personaform/${p.idPersona}`)}
    />
  );
}
