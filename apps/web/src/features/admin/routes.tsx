import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

type Guard = 'admin' | 'none';
type Module = Record<string, unknown>;

/**
 * A lazily loaded page, wrapped in its guard: administration screens need the administration
 * module flag (the API checks the same). Everything, guards included, is loaded on first use so the
 * entry chunk does not grow. Session administration is features/sesiones (decision 98).
 */
function page(
  path: string,
  load: () => Promise<Module>,
  name: string,
  guard: Guard = 'admin',
  props: Record<string, unknown> = {},
): RouteObject {
  return {
    path,
    lazy: async () => {
      const [mod, guards] = await Promise.all([load(), import('../../components/guards.tsx')]);
      const Page = mod[name] as ComponentType<Record<string, unknown>>;
      const el = <Page {...props} />;
      if (guard === 'admin')
        return { element: <guards.RequireFlag flag="moduloAdministracion">{el}</guards.RequireFlag> };
      return { element: el };
    },
  };
}

const personas = () => import('./personas-pages.tsx');
const wizard = () => import('./persona-wizard.tsx');
const empresas = () => import('./empresas-pages.tsx');
const suscripciones = () => import('./suscripciones-pages.tsx');
const aliases = () => import('./aliases.tsx');
// Declared resources (packages/domain admin/aseguradores.ts): the catalogue list and record screens.
const catalogo = () => import('../../components/catalog/catalog-page.tsx');
const ficha = () => import('../../components/master-detail/master-detail-page.tsx');

/** Administration routes (issue 3 items 3, 5, 6), children of the signed-in shell. */
export const adminRoutes: RouteObject[] = [
  // Users, persons, doctors
  page('/usuario', catalogo, 'default', 'admin', { name: 'usuario' }),
  page('/usuariomd/:idUsuario', ficha, 'default', 'admin', { route: 'usuariomd' }),
  page('/usuarioform/:id', aliases, 'UsuarioFormAlias'),
  page('/perfil_usuario/:p_idperfil', ficha, 'default', 'admin', { route: 'perfil_usuario' }),
  page('/persona', personas, 'PersonaListPage'),
  page('/persona/nueva', wizard, 'PersonaWizardPage'),
  page('/personaform/:p_idpersona', personas, 'PersonaFormPage'),
  page('/persona_medico/:p_idpersona', ficha, 'default', 'admin', { route: 'persona_medico' }),
  page('/medico', catalogo, 'default', 'admin', { name: 'medico' }),
  page('/medicoform/:p_idmedico', ficha, 'default', 'admin', { route: 'medicoform' }),
  // Companies and subscriptions
  page('/empresa', catalogo, 'default', 'admin', { name: 'empresa' }),
  page('/empresaform/:p_idempresa', empresas, 'EmpresaFormPage'),
  page('/empresa_empresaimg/:p_idempresa', aliases, 'EmpresaTabAlias', 'admin', { tab: 'imagen' }),
  page('/empresa_medioemp/:p_idempresa', aliases, 'EmpresaTabAlias', 'admin', { tab: 'medio' }),
  page('/empresa_usuario/:p_idempresa', aliases, 'EmpresaTabAlias', 'admin', { tab: 'usuario' }),
  page('/empresa_persona/:p_idempresa', aliases, 'EmpresaTabAlias', 'admin', { tab: 'persona' }),
  page('/suscripcion', catalogo, 'default', 'admin', { name: 'suscripcion' }),
  page('/suscripcionform/:p_idsuscripcion', suscripciones, 'SuscripcionFormPage'),
  page('/suscripcionaudmd/:idSuscripcionAud', suscripciones, 'SuscripcionAudPage'),
  page('/suscpago', catalogo, 'default', 'admin', { name: 'suscpago' }),
  page('/suscpagomd/:id', ficha, 'default', 'admin', { route: 'suscpagomd' }),
  // Insurers, providers, tariff sheets
  page('/asegurador', catalogo, 'default', 'admin', { name: 'asegurador' }),
  page('/aseguradorform/:p_idasegurador', ficha, 'default', 'admin', { route: 'aseguradorform' }),
  page('/prestador', catalogo, 'default', 'admin', { name: 'prestador' }),
  page('/prestadorform/:p_idprestador', ficha, 'default', 'admin', { route: 'prestadorform' }),
  page('/tarifarioform/:p_idtarifario', ficha, 'default', 'admin', { route: 'tarifarioform' }),
  page('/tarifariomd/:id', ficha, 'default', 'admin', { route: 'tarifariomd' }),
  page('/tarifaasegmd/:id', ficha, 'default', 'admin', { route: 'tarifaasegmd' }),
  page('/tarifapresmd/:id', ficha, 'default', 'admin', { route: 'tarifapresmd' }),
  // Ambulatory loads of a procedure (any user who may see the procedure)
  page(
    '/cargaamb/:idTramite/:idCarga?',
    () => import('../cargaamb/cargaamb-page.tsx'),
    'CargaAmbPage',
    'none',
  ),
];
