import { CheckCircleTwoTone } from '@ant-design/icons';
import { formatDate, MSG, MSG_ADMIN, REGISTRO_PASOS, type RegistroInput } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { writeSession } from '../../lib/session.ts';
import { useEnvio } from '../../lib/use-envio.ts';
import { authApi } from '../auth/auth-api.ts';
import { clearDraft, type Draft, type Flujo, readDraft } from './draft.ts';
import { type RegistroResult, type RenovacionResult, registroApi } from './registro-api.ts';

import { pendiente } from './registro-marco.tsx';

/** The last step's one call of each flow while it runs; kept so that a re-render cannot send it twice. */
const enCurso: Partial<Record<Flujo, Promise<unknown>>> = {};

/**
 * The last step of a flow: once the steps before it are done (else `go`, where to go back), its one call
 * with the flow's draft (`enviar`; `alLeer` sees the draft first, each time), then the draft is cleared.
 */
function useEnvioFinal<R>(
  flujo: Flujo,
  hasta: number,
  enviar: (d: Draft) => Promise<R>,
  alLeer?: (d: Draft) => void,
) {
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const go = result || error ? null : pendiente(flujo, hasta);
  const llamadas = useRef({ enviar, alLeer });
  llamadas.current = { enviar, alLeer };
  useEffect(() => {
    if (go) return;
    const d = readDraft(flujo);
    llamadas.current.alLeer?.(d);
    enCurso[flujo] ??= llamadas.current.enviar(d);
    (enCurso[flujo] as Promise<R>)
      .then((r) => {
        setResult(r);
        clearDraft(flujo);
      })
      .catch((e: Error) => setError(e))
      .finally(() => {
        enCurso[flujo] = undefined;
      });
  }, [go, flujo]);
  return { result, error, go };
}

/** The last call failed: the server's message and the way back (`children`). */
function Fallo({ error, children }: { error: Error; children: ReactNode }) {
  return <Result status="error" title={MSG.error} subTitle={error.message} extra={children} />;
}

export function RegistroCompleto() {
  const navigate = useNavigate();
  const credenciales = useRef<{ usuario: string; clave: string } | null>(null);
  const { result, error, go } = useEnvioFinal<RegistroResult>(
    'registro',
    4,
    (d) => registroApi.registrar(d as RegistroInput),
    (d) => {
      credenciales.current = { usuario: String(d.email ?? ''), clave: String(d.clave ?? '') };
    },
  );
  const login = useEnvio({
    mutationFn: () => authApi.login(credenciales.current ?? { usuario: '', clave: '' }),
    onSuccess: ({ token, usuario }) => {
      credenciales.current = null;
      writeSession({ token, usuario, modulo: 0 });
      navigate('/MenuPrincipal', { replace: true });
    },
  });
  if (go && !result) return <Navigate to={go} replace />;
  if (error) {
    const fields = error instanceof ApiError ? Object.keys(error.fields ?? {}) : [];
    const paso = fields.some((f) => (REGISTRO_PASOS.usuario as readonly string[]).includes(f))
      ? '/Registro03Usuario'
      : fields.includes('idPlan')
        ? '/Registro01Plan'
        : '/Registro04FP';
    return (
      <Fallo error={error}>
        <Button type="primary" onClick={() => navigate(paso)}>
          Corregir los datos
        </Button>
      </Fallo>
    );
  }
  if (!result)
    return (
      <Result
        icon={<Skeleton.Avatar active size={64} />}
        title="Creando su empresa, su suscripción y su usuario…"
      />
    );
  return (
    <Result
      status="success"
      icon={<CheckCircleTwoTone twoToneColor="#52c41a" />}
      title={MSG_ADMIN.registroCompleto}
      subTitle={`Plan ${result.plan}, vigente del ${formatDate(result.fechaDesde)} al ${formatDate(result.fechaHasta)}. Su usuario es ${result.usuario}.`}
      extra={[
        credenciales.current?.clave ? (
          <Button key="entrar" type="primary" loading={login.isPending} onClick={() => login.mutate()}>
            Ingresar al sistema
          </Button>
        ) : null,
        <Link key="login" to="/Login">
          <Button>Ir al inicio de sesión</Button>
        </Link>,
      ]}
    >
      {login.isError && <Alert type="error" showIcon title={login.error.message} />}
    </Result>
  );
}

export function SuscripcionActual() {
  const q = useQuery({
    queryKey: ['registro', 'actual'],
    queryFn: ({ signal }) => registroApi.actual(signal),
  });
  const s = q.data?.suscripcion;
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (!s)
    return (
      <Alert type="warning" showIcon title={MSG_ADMIN.sinSuscripcionVigente} style={{ marginBottom: 16 }} />
    );
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={`Suscripción ${s.numero}: plan ${s.planNombre}, vigente hasta el ${formatDate(s.fechaHasta)}.`}
      description="La renovación agrega un nuevo período a continuación del actual."
    />
  );
}

export function RenovacionCompleta() {
  const { result, error, go } = useEnvioFinal<RenovacionResult>('renovacion', 3, (d) =>
    registroApi.renovar({
      idPlan: Number(d.idPlan),
      idFormaPago: Number(d.idFormaPago),
      aceptaTerminos: true,
    }),
  );
  if (go && !result) return <Navigate to={go} replace />;
  if (error)
    return (
      <Fallo error={error}>
        <Link to="/Renovacion01Plan">
          <Button type="primary">Volver a intentar</Button>
        </Link>
      </Fallo>
    );
  if (!result)
    return <Result icon={<Skeleton.Avatar active size={64} />} title="Renovando la suscripción…" />;
  return (
    <Result
      status="success"
      title={result.mensaje}
      subTitle={`Plan ${result.plan}: nuevo período del ${formatDate(result.fechaDesde)} al ${formatDate(result.fechaHasta)}.`}
      extra={
        <Link to="/MenuPrincipal">
          <Button type="primary">Ir al menú principal</Button>
        </Link>
      }
    />
  );
}
