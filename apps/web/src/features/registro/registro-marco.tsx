import { MSG, PERFIL } from '@app/domain';
import { Button, Card, Flex, Layout, Result, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PRODUCT_NAME, useDocumentTitle } from '../../app/brand.ts';
import { CabeceraPublica } from '../../components/cabecera-publica.tsx';
import { useSession } from '../../lib/use-session.ts';
import { type Flujo, readDraft } from './draft.ts';

export const PASOS: Record<Flujo, { title: string; path: string }[]> = {
  registro: [
    { title: 'Plan', path: '/Registro01Plan' },
    { title: 'Términos', path: '/Registro02TC' },
    { title: 'Datos', path: '/Registro03Usuario' },
    { title: 'Forma de pago', path: '/Registro04FP' },
    { title: 'Completo', path: '/Registro05Completo' },
  ],
  renovacion: [
    { title: 'Plan', path: '/Renovacion01Plan' },
    { title: 'Términos', path: '/Renovacion02TC' },
    { title: 'Forma de pago', path: '/Renovacion03FP' },
    { title: 'Completo', path: '/Renovacion04Completo' },
  ],
};

/** The frame of every step: the product, the steps, one panel. */
export function Frame({
  flujo,
  step,
  title,
  children,
}: {
  flujo: Flujo;
  step: number;
  title: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #e6f0ff 0%, #f5f7fa 60%)' }}>
      <CabeceraPublica
        marca={
          <Link to={flujo === 'registro' ? '/' : '/MenuPrincipal'} style={{ fontSize: 20, fontWeight: 600 }}>
            {PRODUCT_NAME}
          </Link>
        }
      >
        {flujo === 'registro' && <Link to="/Login">¿Ya tiene una cuenta? Inicie sesión</Link>}
      </CabeceraPublica>
      <Layout.Content style={{ padding: 24 }}>
        <main style={{ maxWidth: 960, margin: '0 auto' }}>
          <Steps
            current={step}
            items={PASOS[flujo].map((p) => ({ title: p.title }))}
            style={{ marginBottom: 24 }}
            aria-label={flujo === 'registro' ? 'Pasos del registro' : 'Pasos de la renovación'}
          />
          <Card>
            <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
              {title}
            </Typography.Title>
            {children}
          </Card>
        </main>
      </Layout.Content>
    </Layout>
  );
}

/** The first step not yet done, so a step opened out of order goes back to it. */
export function pendiente(flujo: Flujo, hasta: number): string | null {
  const d = readDraft(flujo);
  const pasos = PASOS[flujo];
  if (hasta > 0 && !d.idPlan) return pasos[0].path;
  if (hasta > 1 && d.aceptaTerminos !== true) return pasos[1].path;
  if (flujo === 'registro') {
    if (hasta > 2 && (!d.razonSocial || !d.clave)) return pasos[2].path;
    if (hasta > 3 && !d.idFormaPago) return pasos[3].path;
  } else if (hasta > 2 && !d.idFormaPago) return pasos[2].path;
  return null;
}

export function Nav({
  back,
  next,
  nextLabel = 'Siguiente',
  loading,
}: {
  back?: string;
  next: () => void;
  nextLabel?: string;
  loading?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Flex justify="space-between" style={{ marginTop: 24 }}>
      {back ? <Button onClick={() => navigate(back)}>Anterior</Button> : <Link to="/">Cancelar</Link>}
      <Button type="primary" onClick={next} loading={loading}>
        {nextLabel}
      </Button>
    </Flex>
  );
}

/** Renewal is for the signed-in administrator of the subscription (profile 1). */
export function RequireAdministrador({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session)
    return (
      <Result
        status="info"
        title="Inicie sesión para renovar"
        subTitle="La renovación la realiza el administrador de la suscripción con su usuario."
        extra={
          <Link to="/Login">
            <Button type="primary">Iniciar sesión</Button>
          </Link>
        }
      />
    );
  if (session.usuario.idPerfil !== PERFIL.ADMINISTRADOR)
    return (
      <Result
        status="403"
        title={MSG.noAutorizado}
        subTitle="Solo el administrador de la suscripción puede renovarla."
      />
    );
  return <>{children}</>;
}
