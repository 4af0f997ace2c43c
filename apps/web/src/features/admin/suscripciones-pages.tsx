import { EyeOutlined } from '@ant-design/icons';
import { ADMIN_RESOURCES, formatDate, formatDateTime, PERFIL } from '@app/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { estadoTag } from '../../components/catalog/catalog-columns.tsx';
import { CatalogForm } from '../../components/catalog/catalog-form.tsx';
import { catalogTab } from '../../components/catalog/catalog-page.tsx';
import { dateCol, textCol } from '../../components/columns.tsx';
import { DetailState, parseId, useRecordQuery } from '../../components/detail-state.tsx';
import { INICIO, PageHeader } from '../../components/page-header.tsx';
import { ResourceList } from '../../components/resource-list.tsx';
import { dato, TarjetaInformacion } from '../../components/tarjeta-informacion.tsx';
import { UrlTabs } from '../../components/url-tabs.tsx';
import { useSession } from '../../lib/use-session.ts';
import { adminApi, adminKeys, type SuscripcionAud } from './admin-api.ts';

/**
 * The subscription's own screen, its audit trail and one audit row. Subscriptions and their payments are
 * declared resources (packages/domain admin/suscripciones-recursos.ts): their lists, forms and the payment's
 * page are the catalogue's (routes.tsx).
 */

/** What a subscription's card and an audit row's both show: its plan and payment, its period. */
type Periodo = Pick<SuscripcionAud, 'planNombre' | 'formaPagoNombre' | 'fechaDesde' | 'fechaHasta'>;
const plan = (s: Periodo) => [dato('Plan', s.planNombre), dato('Forma de pago', s.formaPagoNombre)];
const vigencia = (s: Periodo) => [
  dato('Fecha desde', formatDate(s.fechaDesde)),
  dato('Fecha hasta', formatDate(s.fechaHasta)),
];

function AuditoriaList({ idSuscripcion }: { idSuscripcion: number }) {
  const navigate = useNavigate();
  return (
    <ResourceList<SuscripcionAud>
      cacheKey={adminKeys.all('auditoria')}
      ariaLabel="Auditoría de la suscripción"
      namespace="auditoria"
      fetch={adminApi.auditoria(idSuscripcion)}
      fixedQuery={{ idSuscripcion }}
      rowKey={(a) => a.idSuscripcionAud}
      defaultSort="-fechaReg"
      columns={[
        textCol('numero', 'Número', true),
        dateCol('fechaReg', 'Fecha de registro'),
        dateCol('fechaDesde', 'Fecha desde'),
        dateCol('fechaHasta', 'Fecha hasta'),
        textCol('tipo', 'Tipo', true),
        dateCol('suscripcionFechaReg', 'Registro de la suscripción', false),
        textCol('planNombre', 'Plan', true),
        textCol('formaPagoNombre', 'Forma de Pago', true),
        textCol('usuarioNombre', 'Usuario'),
      ]}
      onOpen={(a) => navigate(`/suscripcionaudmd/${a.idSuscripcionAud}`)}
      extraActions={[
        {
          key: 'detalle',
          label: 'Ver detalle',
          icon: <EyeOutlined />,
          run: (a) => navigate(`/suscripcionaudmd/${a.idSuscripcionAud}`),
        },
      ]}
    />
  );
}

/** /suscripcionform/:p_idsuscripcion — tabs Pagos (default), Auditoría, Usuarios. */
export function SuscripcionFormPage() {
  const id = parseId(useParams().p_idsuscripcion);
  const session = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const q = useRecordQuery(id, adminKeys.one('suscripciones', id), (signal) =>
    adminApi.suscripciones.get(id, signal),
  );
  const s = q.data;
  // The spec: to the subscriptions list for profile 1, else to the company; then the user name.
  const parent =
    session?.usuario.idPerfil === PERFIL.ADMINISTRADOR
      ? { title: 'Suscripciones', href: '/suscripcion' }
      : {
          title: s?.empresaNombre ?? 'Empresa',
          href: `/empresaform/${s?.idEmpresa ?? session?.usuario.idEmpresa}`,
        };
  const breadcrumb = [INICIO, parent, { title: s?.usuarioNombre ?? s?.numero ?? `Suscripción ${id}` }];
  if (!s) return <DetailState query={q} id={id} breadcrumb={breadcrumb} />;
  const deEsta = { field: 'idSuscripcion', id: s.idSuscripcion };
  return (
    <>
      <PageHeader
        title={`Suscripción ${s.numero}`}
        breadcrumb={breadcrumb}
        tag={estadoTag(s.estado)}
        extra={<Button onClick={() => setOpen(true)}>Editar</Button>}
      />
      <TarjetaInformacion
        titulo="Suscripción"
        principal={[
          dato('ID suscripción', s.idSuscripcion),
          ...plan(s),
          dato('Número', s.numero),
          ...vigencia(s),
        ]}
        mas={[
          dato('Fecha de registro', formatDateTime(s.fechaReg)),
          dato('Empresa', s.empresaNombre),
          dato('Usuario', s.usuarioNombre),
        ]}
      />
      <UrlTabs
        defaultKey="pagos"
        items={[
          catalogTab('pagos', 'Pagos', { def: ADMIN_RESOURCES.suscpago, parent: deEsta }),
          {
            key: 'auditoria',
            label: 'Auditoría',
            children: <AuditoriaList idSuscripcion={s.idSuscripcion} />,
          },
          catalogTab('usuarios', 'Usuarios', { def: ADMIN_RESOURCES.usuario, parent: deEsta }),
        ]}
      />
      <CatalogForm
        def={ADMIN_RESOURCES.suscripcion}
        open={open}
        record={s}
        onClose={() => setOpen(false)}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: ['admin'] });
          void q.refetch();
        }}
      />
    </>
  );
}

/** /suscripcionaudmd/:idSuscripcionAud — one audit row of a subscription, read-only. */
export function SuscripcionAudPage() {
  const id = parseId(useParams().idSuscripcionAud);
  const q = useRecordQuery(id, adminKeys.one('auditoria', id), (signal) =>
    adminApi.auditoriaDetalle(id, signal),
  );
  const a = q.data;
  const breadcrumb = [
    INICIO,
    { title: 'Suscripciones', href: '/suscripcion' },
    ...(a ? [{ title: a.suscripcionNumero, href: `/suscripcionform/${a.idSuscripcion}?tab=auditoria` }] : []),
    { title: `Auditoría ${id}` },
  ];
  if (!a) return <DetailState query={q} id={id} breadcrumb={breadcrumb} />;
  return (
    <>
      <PageHeader title={`Auditoría de la suscripción ${a.suscripcionNumero}`} breadcrumb={breadcrumb} />
      <TarjetaInformacion
        titulo="Auditoría"
        principal={[dato('Tipo', a.tipo), dato('Número', a.numero), ...plan(a), ...vigencia(a)]}
        mas={[
          dato('Fecha de registro', formatDateTime(a.fechaReg)),
          dato('Registrado por', a.usuarioNombre),
          dato('Registro de la suscripción', formatDateTime(a.suscripcionFechaReg)),
        ]}
      />
    </>
  );
}
